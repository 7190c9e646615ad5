//go:build !nogui && (linux || freebsd)

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// quietWaylandProbe keeps libwayland from printing "error: XDG_RUNTIME_DIR is invalid or not
// set in the environment." when the window opens outside a desktop session (ssh -X, Xvfb, a
// bare X server). Gio tries Wayland before X11 on every start; libwayland looks for its
// default socket in $XDG_RUNTIME_DIR and, with no such directory, prints that line even
// though X11 then opens the window and nothing is wrong.
//
// Only when no Wayland display can be meant at all (no WAYLAND_DISPLAY, no WAYLAND_SOCKET)
// does it give the process a runtime directory, as the XDG Base Directory specification asks
// of applications that find none: a private one, the same as Qt's fallback
// (os.TempDir()/runtime-USER, mode 0700, owned by the user). Wayland then finds no socket
// there and quietly gives way to X11. When WAYLAND_DISPLAY names a display that cannot be
// found, the message stays: then something is wrong.
func quietWaylandProbe() {
	dir, ok := fallbackRuntimeDir(os.Getenv, os.TempDir(), os.Getuid())
	if !ok {
		return
	}
	if err := privateDir(dir, os.Getuid()); err != nil {
		return // leave the environment alone: libwayland's message then says what is missing
	}
	os.Setenv("XDG_RUNTIME_DIR", dir)
}

// fallbackRuntimeDir is the runtime directory to use, and whether one is needed: not when
// XDG_RUNTIME_DIR is usable (an absolute path, as libwayland requires) or when a Wayland
// display is asked for.
func fallbackRuntimeDir(getenv func(string) string, tmp string, uid int) (string, bool) {
	if strings.HasPrefix(getenv("XDG_RUNTIME_DIR"), "/") {
		return "", false
	}
	if getenv("WAYLAND_DISPLAY") != "" || getenv("WAYLAND_SOCKET") != "" {
		return "", false
	}
	user := getenv("USER")
	if user == "" || strings.ContainsAny(user, "/\x00") {
		user = fmt.Sprint(uid)
	}
	return filepath.Join(tmp, "runtime-"+user), true
}

// privateDir makes dir (mode 0700) or checks that the one there is a real directory (not a
// symbolic link) owned by uid and closed to everyone else: another user could have made it
// first, in a shared /tmp.
func privateDir(dir string, uid int) error {
	if err := os.Mkdir(dir, 0o700); err != nil && !os.IsExist(err) {
		return err
	}
	st, err := os.Lstat(dir)
	if err != nil {
		return err
	}
	if !st.IsDir() || st.Mode().Perm() != 0o700 {
		return fmt.Errorf("%s is not a private directory", dir)
	}
	if sys, ok := st.Sys().(*syscall.Stat_t); !ok || int(sys.Uid) != uid {
		return fmt.Errorf("%s is not the user's own", dir)
	}
	return nil
}
