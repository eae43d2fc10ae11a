package hal

// An Event is something a device of the table reports: a Scan, a Press, a
// Touch or a Status. The set is closed, as go/ast's Node is: only the types
// of this package implement Event (through an unexported method), so a
// value that is not one of them cannot be sent on a channel of Events nor
// handed to a handler that takes one, and a type switch over an Event that
// names these four types (and their pointers) covers every value the
// compiler lets through.
type Event interface {
	event()
}

func (Scan) event()   {}
func (Press) event()  {}
func (Touch) event()  {}
func (Status) event() {}
