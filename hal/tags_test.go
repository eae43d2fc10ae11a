package hal

import "testing"

func TestUIDRandom(t *testing.T) {
	for _, tc := range []struct {
		uid  UID
		want bool
	}{
		{"08A1B2C3", true},
		{"DEADBEEF", false},
		{"0812345678ABCD", false}, // a 7-byte UID is fixed, whatever its first byte
		{"80A1B2C3", false},
		{"", false},
	} {
		if got := tc.uid.Random(); got != tc.want {
			t.Errorf("UID(%q).Random() = %t, want %t", tc.uid, got, tc.want)
		}
	}
}
