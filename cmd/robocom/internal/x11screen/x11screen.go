// Package x11screen asks an X server for the size of its screen and the UI scale (Xft.dpi)
// without cgo, before any window opens: Gio tells a window's size only once it is open, and
// without a window manager nothing shrinks a window larger than the screen. It speaks just
// enough of the X11 protocol for that: the connection setup (which lists the screens) and one
// GetProperty of the root window's RESOURCE_MANAGER.
package x11screen

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Screen is what the X server says of the screen a display names.
type Screen struct {
	Width, Height int     // pixels
	Scale         float32 // Xft.dpi / 96, as Gio reads it; 1 when unset
}

// timeout bounds the whole exchange: a launch never waits on a stuck server.
const timeout = 2 * time.Second

// Query connects to display (the DISPLAY variable: "[host]:N[.S]") and returns its screen.
func Query(display string) (Screen, error) {
	s, release, err := QueryAndHold(display)
	if err == nil {
		release()
	}
	return s, err
}

// QueryAndHold is Query keeping the connection open until release is called. An X server
// with no other client (Xvfb, xvfb-run) resets when its last client leaves and drops a
// connection made during the reset; a program that asks before opening its window holds
// this connection until the window's own is made, so the server never resets in between.
func QueryAndHold(display string) (s Screen, release func(), err error) {
	host, num, screen, err := parseDisplay(display)
	if err != nil {
		return Screen{}, nil, err
	}
	conn, err := dial(host, num)
	if err != nil {
		return Screen{}, nil, err
	}
	s, err = query(conn, host, num, screen, display)
	if err != nil {
		conn.Close()
		return Screen{}, nil, err
	}
	conn.SetDeadline(time.Time{}) // held idle: nothing more is read or written
	var once sync.Once
	return s, func() { once.Do(func() { conn.Close() }) }, nil
}

// query reads the screen's size and scale over a fresh connection.
func query(conn net.Conn, host string, num, screen int, display string) (Screen, error) {
	conn.SetDeadline(time.Now().Add(timeout))
	authName, authData := cookie(host, num)
	if _, err := conn.Write(setupRequest(authName, authData)); err != nil {
		return Screen{}, err
	}
	screens, err := readSetup(conn)
	if err != nil {
		return Screen{}, err
	}
	if screen >= len(screens) {
		return Screen{}, fmt.Errorf("display %s has no screen %d", display, screen)
	}
	s := screens[screen]
	out := Screen{Width: s.width, Height: s.height, Scale: 1}
	if rm, err := resourceManager(conn, s.root); err == nil {
		if dpi, ok := xftDPI(rm); ok && dpi > 0 {
			out.Scale = float32(dpi / 96)
		}
	}
	return out, nil
}

// parseDisplay splits "[host]:N[.S]".
func parseDisplay(d string) (host string, num, screen int, err error) {
	i := strings.LastIndex(d, ":")
	if i < 0 {
		return "", 0, 0, fmt.Errorf("DISPLAY %q has no display number", d)
	}
	host, rest := d[:i], d[i+1:]
	if j := strings.IndexByte(rest, '.'); j >= 0 {
		if screen, err = strconv.Atoi(rest[j+1:]); err != nil || screen < 0 {
			return "", 0, 0, fmt.Errorf("DISPLAY %q has a bad screen number", d)
		}
		rest = rest[:j]
	}
	if num, err = strconv.Atoi(rest); err != nil || num < 0 {
		return "", 0, 0, fmt.Errorf("DISPLAY %q has a bad display number", d)
	}
	return host, num, screen, nil
}

func dial(host string, num int) (net.Conn, error) {
	if host == "" || host == "unix" {
		p := fmt.Sprintf("/tmp/.X11-unix/X%d", num)
		if c, err := net.DialTimeout("unix", p, timeout); err == nil {
			return c, nil
		}
		return net.DialTimeout("unix", "@"+p, timeout) // Linux's abstract socket
	}
	return net.DialTimeout("tcp", net.JoinHostPort(host, strconv.Itoa(6000+num)), timeout)
}

// cookie finds the MIT-MAGIC-COOKIE-1 for the display in the Xauthority file, if any.
func cookie(host string, num int) (name string, data []byte) {
	path := os.Getenv("XAUTHORITY")
	if path == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", nil
		}
		path = filepath.Join(home, ".Xauthority")
	}
	f, err := os.Open(path)
	if err != nil {
		return "", nil
	}
	defer f.Close()
	raw, err := io.ReadAll(io.LimitReader(f, 1<<20))
	if err != nil {
		return "", nil
	}
	local := host == "" || host == "unix"
	hostname, _ := os.Hostname()
	for _, e := range parseXauth(raw) {
		if e.name != "MIT-MAGIC-COOKIE-1" || e.number != "" && e.number != strconv.Itoa(num) {
			continue
		}
		switch {
		case e.family == familyWild,
			local && e.family == familyLocal && (e.address == hostname || hostname == ""),
			!local && e.address == host:
			return e.name, e.data
		}
	}
	return "", nil
}

const (
	familyLocal = 256
	familyWild  = 65535
)

type xauthEntry struct {
	family          uint16
	address, number string
	name            string
	data            []byte
}

// parseXauth reads the entries of an Xauthority file; a damaged tail is ignored.
func parseXauth(b []byte) []xauthEntry {
	var out []xauthEntry
	field := func() ([]byte, bool) {
		if len(b) < 2 {
			return nil, false
		}
		n := int(binary.BigEndian.Uint16(b))
		if len(b) < 2+n {
			return nil, false
		}
		f := b[2 : 2+n]
		b = b[2+n:]
		return f, true
	}
	for len(b) >= 2 {
		var e xauthEntry
		e.family = binary.BigEndian.Uint16(b)
		b = b[2:]
		addr, ok1 := field()
		num, ok2 := field()
		name, ok3 := field()
		data, ok4 := field()
		if !ok1 || !ok2 || !ok3 || !ok4 {
			break
		}
		e.address, e.number, e.name, e.data = string(addr), string(num), string(name), data
		out = append(out, e)
	}
	return out
}

func pad4(n int) int { return (4 - n%4) % 4 }

// setupRequest is the client's first message, little-endian, protocol 11.0.
func setupRequest(authName string, authData []byte) []byte {
	var b bytes.Buffer
	b.Write([]byte{'l', 0})
	le := binary.LittleEndian
	var h [10]byte
	le.PutUint16(h[0:], 11)
	le.PutUint16(h[2:], 0)
	le.PutUint16(h[4:], uint16(len(authName)))
	le.PutUint16(h[6:], uint16(len(authData)))
	b.Write(h[:])
	b.WriteString(authName)
	b.Write(make([]byte, pad4(len(authName))))
	b.Write(authData)
	b.Write(make([]byte, pad4(len(authData))))
	return b.Bytes()
}

type screenInfo struct {
	root          uint32
	width, height int
}

// readSetup reads the server's answer to the setup request and lists its screens.
func readSetup(r io.Reader) ([]screenInfo, error) {
	var head [8]byte
	if _, err := io.ReadFull(r, head[:]); err != nil {
		return nil, fmt.Errorf("the X server: %v", err)
	}
	le := binary.LittleEndian
	n := int(le.Uint16(head[6:])) * 4
	body := make([]byte, n)
	if _, err := io.ReadFull(r, body); err != nil {
		return nil, fmt.Errorf("the X server: %v", err)
	}
	switch head[0] {
	case 1:
	case 0:
		reason := body
		if int(head[1]) <= len(reason) {
			reason = reason[:head[1]]
		}
		return nil, fmt.Errorf("the X server refused the connection: %s", strings.TrimSpace(string(reason)))
	default:
		return nil, errors.New("the X server asks for an authentication this client does not speak")
	}
	return parseSetup(body)
}

// parseSetup reads the screens from the body of a successful setup reply.
func parseSetup(b []byte) ([]screenInfo, error) {
	le := binary.LittleEndian
	bad := errors.New("the X server: a setup reply too short for what it announces")
	if len(b) < 32 {
		return nil, bad
	}
	vendorLen := int(le.Uint16(b[16:]))
	nScreens, nFormats := int(b[20]), int(b[21])
	off := 32 + vendorLen + pad4(vendorLen) + 8*nFormats
	var out []screenInfo
	for i := 0; i < nScreens; i++ {
		if off+40 > len(b) || off < 0 {
			return nil, bad
		}
		s := b[off:]
		out = append(out, screenInfo{root: le.Uint32(s[0:]), width: int(le.Uint16(s[20:])), height: int(le.Uint16(s[22:]))})
		nDepths := int(s[39])
		off += 40
		for d := 0; d < nDepths; d++ {
			if off+8 > len(b) {
				return nil, bad
			}
			nVisuals := int(le.Uint16(b[off+2:]))
			off += 8 + 24*nVisuals
		}
	}
	if len(out) == 0 {
		return nil, errors.New("the X server lists no screen")
	}
	return out, nil
}

// resourceManager reads the root window's RESOURCE_MANAGER property (the X resources).
func resourceManager(rw io.ReadWriter, root uint32) (string, error) {
	const (
		opGetProperty   = 20
		atomResourceMgr = 23 // RESOURCE_MANAGER, a predefined atom
		atomString      = 31 // STRING
	)
	le := binary.LittleEndian
	var req [24]byte
	req[0] = opGetProperty
	le.PutUint16(req[2:], 6)
	le.PutUint32(req[4:], root)
	le.PutUint32(req[8:], atomResourceMgr)
	le.PutUint32(req[12:], atomString)
	le.PutUint32(req[16:], 0)
	le.PutUint32(req[20:], 1<<16) // in 4-byte units: 256 KiB is plenty
	if _, err := rw.Write(req[:]); err != nil {
		return "", err
	}
	for {
		var rep [32]byte
		if _, err := io.ReadFull(rw, rep[:]); err != nil {
			return "", err
		}
		switch rep[0] {
		case 0:
			return "", errors.New("the X server: GetProperty failed")
		case 1:
			extra := int(le.Uint32(rep[4:])) * 4
			if extra > 1<<20 {
				return "", errors.New("the X server: resources too large")
			}
			data := make([]byte, extra)
			if _, err := io.ReadFull(rw, data); err != nil {
				return "", err
			}
			n := int(le.Uint32(rep[16:]))
			return string(data[:min(n, len(data))]), nil
		default: // an event: skip it
		}
	}
}

// xftDPI finds Xft.dpi in X resources ("Xft.dpi:\t192").
func xftDPI(res string) (float64, bool) {
	for _, line := range strings.Split(res, "\n") {
		k, v, ok := strings.Cut(line, ":")
		if !ok || !strings.EqualFold(strings.TrimSpace(k), "Xft.dpi") {
			continue
		}
		f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		return f, err == nil
	}
	return 0, false
}
