package main

import (
	"log/slog"
	"sync"

	"ttr/cmd/table/owner"
	"ttr/hal/storage"
)

// backups keeps the owner's backups on the boot partition (the config's
// folder) up to date: the history summary and the finished games' files
// after every game (the card registry's copy is the registry store's, after
// every save: registryStore). It works on a goroutine of its
// own, since reading the history replays every game: the loop only asks.
type backups struct {
	fsys storage.FS
	logs string // the game logs folder
	dir  string // the config's folder
	log  *slog.Logger

	kick chan struct{}
	wg   sync.WaitGroup
	last *owner.History // the history last read: its games are not replayed again
}

// startBackups starts the backups' goroutine and asks for a first backup.
func startBackups(fsys storage.FS, logs, dir string, log *slog.Logger) *backups {
	b := &backups{fsys: fsys, logs: logs, dir: dir, log: log, kick: make(chan struct{}, 1)}
	b.wg.Add(1)
	go func() {
		defer b.wg.Done()
		for range b.kick {
			b.run()
		}
	}()
	b.update()
	return b
}

// update asks for a backup; asks made while one runs make one more.
func (b *backups) update() {
	if b == nil {
		return
	}
	select {
	case b.kick <- struct{}{}:
	default: // one is already asked for
	}
}

// stop waits for the backup under way.
func (b *backups) stop() {
	if b == nil {
		return
	}
	close(b.kick)
	b.wg.Wait()
}

func (b *backups) run() {
	h, err := b.last.Reload(b.fsys, b.logs)
	if err == nil {
		b.last = h
		err = owner.BackupHistory(b.fsys, b.logs, b.dir, h)
	}
	if err != nil {
		b.log.Warn("history not copied to the boot partition", "err", err)
		return
	}
	b.log.Info("backups written to the boot partition", "dir", b.dir, "games", len(h.Games))
}
