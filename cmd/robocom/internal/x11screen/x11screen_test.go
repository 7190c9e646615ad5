package x11screen

import (
	"bytes"
	"encoding/binary"
	"os"
	"os/exec"
	"testing"
	"time"

	"robocom/cmd/robocom/internal/xvfbtest"
)

// The screen size read over the wire is the size Xvfb was started with.
func TestQueryXvfb(t *testing.T) {
	for _, size := range [][2]int{{800, 600}, {1366, 768}, {3840, 2160}} {
		disp := xvfbtest.Start(t, size[0], size[1])
		s, err := Query(disp)
		if err != nil {
			t.Fatalf("%dx%d: %v", size[0], size[1], err)
		}
		if s.Width != size[0] || s.Height != size[1] || s.Scale != 1 {
			t.Errorf("Xvfb %dx%d: got %+v", size[0], size[1], s)
		}
		if _, err := exec.LookPath("xrdb"); err == nil && size[0] == 3840 {
			cmd := exec.Command("xrdb", "-merge")
			cmd.Env = append(os.Environ(), "DISPLAY="+disp)
			cmd.Stdin = bytes.NewBufferString("Xft.dpi: 192\n")
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("xrdb: %v %s", err, out)
			}
			if s, err := Query(disp); err != nil || s.Scale != 2 {
				t.Errorf("with Xft.dpi 192: %+v, %v", s, err)
			}
		}
	}
}

// An Xvfb started as xvfb-run starts it resets when its last client leaves and drops a
// connection made meanwhile; while the query's connection is held, the window's connection
// (here a second setup exchange) is never dropped. The query itself may be dropped when it
// comes just after the previous client left (here: the last round's), so it is tried again;
// the window's connection never is. Without the hold, about one connection in twelve failed.
func TestHoldKeepsServerFromResetting(t *testing.T) {
	disp := xvfbtest.StartResetting(t, 1024, 768)
	dropped := 0
	for i := range 20 {
		s, release, err := QueryAndHold(disp)
		for tries := 0; err != nil && tries < 50; tries++ {
			dropped++
			time.Sleep(10 * time.Millisecond)
			s, release, err = QueryAndHold(disp)
		}
		if err != nil {
			t.Fatalf("query %d: %v", i, err)
		}
		if s.Width != 1024 {
			t.Fatalf("query %d: %+v", i, s)
		}
		if _, err := Query(disp); err != nil { // the window's connection
			t.Fatalf("connection %d made while the query's was held: %v", i, err)
		}
		release()
		release() // twice is harmless
	}
	t.Logf("%d queries made during a reset were dropped and tried again", dropped)
}

func TestQueryErrors(t *testing.T) {
	for _, d := range []string{"", "nodisplay", ":x", ":1.y", ":-1"} {
		if _, err := Query(d); err == nil {
			t.Errorf("Query(%q) gave no error", d)
		}
	}
	if _, err := Query(":987"); err == nil { // no server there
		t.Error("Query of a display with no server gave no error")
	}
}

func TestParseDisplay(t *testing.T) {
	for _, c := range []struct {
		in        string
		host      string
		num, scrn int
	}{{":0", "", 0, 0}, {":1.0", "", 1, 0}, {"unix:12.1", "unix", 12, 1}, {"host:3", "host", 3, 0}} {
		h, n, s, err := parseDisplay(c.in)
		if err != nil || h != c.host || n != c.num || s != c.scrn {
			t.Errorf("parseDisplay(%q) = %q %d %d %v", c.in, h, n, s, err)
		}
	}
}

func xauthRecord(family uint16, addr, num, name string, data []byte) []byte {
	var b bytes.Buffer
	binary.Write(&b, binary.BigEndian, family)
	for _, f := range [][]byte{[]byte(addr), []byte(num), []byte(name), data} {
		binary.Write(&b, binary.BigEndian, uint16(len(f)))
		b.Write(f)
	}
	return b.Bytes()
}

func TestParseXauth(t *testing.T) {
	raw := append(xauthRecord(familyLocal, "box", "0", "MIT-MAGIC-COOKIE-1", []byte{1, 2, 3}),
		xauthRecord(familyWild, "", "5", "MIT-MAGIC-COOKIE-1", []byte{9})...)
	es := parseXauth(append(raw, 0, 1, 0)) // a damaged tail
	if len(es) != 2 || es[0].address != "box" || es[1].number != "5" || !bytes.Equal(es[0].data, []byte{1, 2, 3}) {
		t.Errorf("parseXauth = %+v", es)
	}
	dir := t.TempDir()
	p := dir + "/xauth"
	os.WriteFile(p, raw, 0o600)
	t.Setenv("XAUTHORITY", p)
	if n, d := cookie("", 5); n != "MIT-MAGIC-COOKIE-1" || !bytes.Equal(d, []byte{9}) {
		t.Errorf("cookie for :5 = %q %v", n, d)
	}
}

func TestXftDPI(t *testing.T) {
	if d, ok := xftDPI("Xft.antialias:\t1\nXft.dpi:\t144\n"); !ok || d != 144 {
		t.Errorf("xftDPI = %v %v", d, ok)
	}
	if _, ok := xftDPI("*.foreground: black\n"); ok {
		t.Error("a DPI found where there is none")
	}
}

// FuzzParse checks that damaged Xauthority files and setup replies never panic.
func FuzzParse(f *testing.F) {
	f.Add(xauthRecord(familyLocal, "box", "0", "MIT-MAGIC-COOKIE-1", []byte{1, 2, 3}))
	f.Add(make([]byte, 32))
	reply := make([]byte, 32+8+40)
	reply[20], reply[21] = 1, 1
	f.Add(reply)
	f.Fuzz(func(t *testing.T, b []byte) {
		parseXauth(b)
		parseSetup(b)
		xftDPI(string(b))
	})
}
