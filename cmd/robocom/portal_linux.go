//go:build !nogui && linux

package main

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/godbus/dbus/v5"
)

// desktopPortal is the D-Bus name of the XDG desktop portal, through which alone the system
// file dialog (gioui.org/x/explorer) works on Linux.
const desktopPortal = "org.freedesktop.portal.Desktop"

// portalProbeTimeout bounds the probe: a session bus that does not answer means no dialog.
const portalProbeTimeout = 2 * time.Second

// hasDesktopPortal tells whether the session bus has the desktop portal, running or ready to
// be started on demand (portals are usually D-Bus activated, so a name without an owner yet
// still counts when the bus can activate it). It never starts a bus: with no session bus
// (Xvfb, ssh, a container) the answer is no, quickly and without a word.
func hasDesktopPortal() bool {
	if os.Getenv("DBUS_SESSION_BUS_ADDRESS") == "" {
		// godbus would then look for $XDG_RUNTIME_DIR/bus and else autolaunch a bus with
		// dbus-launch; only the first is wanted.
		if _, err := os.Stat(filepath.Join(os.Getenv("XDG_RUNTIME_DIR"), "bus")); os.Getenv("XDG_RUNTIME_DIR") == "" || err != nil {
			return false
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), portalProbeTimeout)
	defer cancel()
	answer := make(chan bool, 1)
	go func() { answer <- askBusForPortal(ctx) }()
	select {
	case ok := <-answer:
		return ok
	case <-ctx.Done():
		return false
	}
}

func askBusForPortal(ctx context.Context) bool {
	conn, err := dbus.SessionBusPrivateNoAutoStartup(dbus.WithContext(ctx))
	if err != nil {
		return false
	}
	defer conn.Close()
	if conn.Auth(nil) != nil || conn.Hello() != nil {
		return false
	}
	bus := conn.BusObject()
	var owned bool
	if bus.CallWithContext(ctx, "org.freedesktop.DBus.NameHasOwner", 0, desktopPortal).Store(&owned) == nil && owned {
		return true
	}
	var activatable []string
	if bus.CallWithContext(ctx, "org.freedesktop.DBus.ListActivatableNames", 0).Store(&activatable) != nil {
		return false
	}
	return slices.Contains(activatable, desktopPortal)
}
