//go:build !nogui && linux

package main

import (
	"bufio"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/godbus/dbus/v5"
)

// With no session bus (Xvfb, ssh) the probe says no at once and starts nothing.
func TestDesktopPortalAbsentWithoutBus(t *testing.T) {
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", "")
	t.Setenv("XDG_RUNTIME_DIR", t.TempDir())
	start := time.Now()
	if hasDesktopPortal() {
		t.Fatal("a portal was found with no session bus")
	}
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", "unix:path="+filepath.Join(t.TempDir(), "none"))
	if hasDesktopPortal() {
		t.Fatal("a portal was found on a bus that is not there")
	}
	if d := time.Since(start); d > portalProbeTimeout {
		t.Fatalf("the probe took %v without a bus", d)
	}
}

// On a real session bus of its own the probe says no until a connection owns the portal's name.
func TestDesktopPortalOnPrivateBus(t *testing.T) {
	if _, err := exec.LookPath("dbus-daemon"); err != nil {
		t.Skip("no dbus-daemon")
	}
	sock := filepath.Join(t.TempDir(), "bus")
	cmd := exec.Command("dbus-daemon", "--session", "--nofork", "--print-address", "--address=unix:path="+sock)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Skipf("dbus-daemon did not start: %v", err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	addr, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("dbus-daemon printed no address: %v", err)
	}
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", strings.TrimSpace(addr))
	if hasDesktopPortal() {
		t.Skip("this machine's session bus can activate a desktop portal; the absent case cannot be shown here")
	}
	owner, err := dbus.Connect(strings.TrimSpace(addr))
	if err != nil {
		t.Fatal(err)
	}
	defer owner.Close()
	if r, err := owner.RequestName(desktopPortal, dbus.NameFlagDoNotQueue); err != nil || r != dbus.RequestNameReplyPrimaryOwner {
		t.Fatalf("could not own %s: %v %v", desktopPortal, r, err)
	}
	if !hasDesktopPortal() {
		t.Fatal("the portal's name is owned on the bus, yet the probe says no")
	}
}
