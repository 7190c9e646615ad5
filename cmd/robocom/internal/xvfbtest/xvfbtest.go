// Package xvfbtest runs the robocom window under Xvfb for the end-to-end tests of
// cmd/robocom (and only for tests: it calls t.Fatal).
//
// CI machines are slow and shared, so nothing here guesses: Xvfb picks a free display itself
// and reports it (-displayfd), the display is used only once it answers a client (xdpyinfo),
// and every wait for the app is long and ends early, with the app's stderr, if the app exits.
package xvfbtest

import (
	"bufio"
	"bytes"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// Patience for anything a loaded machine may make slow: Xvfb coming up, the window appearing.
const Patience = 60 * time.Second

// Need skips the test when one of the tools is not installed.
func Need(t testing.TB, tools ...string) {
	t.Helper()
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed (.ci/install-deps test installs it)", tool)
		}
	}
}

// Start starts Xvfb with one w×h screen on a display it chooses, waits until that display
// accepts connections and returns its name (":N"). The server is stopped with SIGTERM, so it
// removes its socket, when the test ends. (With -displayfd Xvfb tries display after display;
// "server already running" in its stderr is one it skipped, not a failure.)
func Start(t testing.TB, w, h int) string {
	t.Helper()
	Need(t, "Xvfb", "xdpyinfo")
	return startOnce(t, w, h, "-noreset")
}

// StartResetting is Start with Xvfb's default behaviour, as xvfb-run starts it: the server
// resets whenever its last client leaves.
func StartResetting(t testing.TB, w, h int) string {
	t.Helper()
	Need(t, "Xvfb", "xdpyinfo")
	return startOnce(t, w, h)
}

// startOnce starts one Xvfb with the extra arguments and returns its display.
func startOnce(t testing.TB, w, h int, extra ...string) string {
	t.Helper()
	// Xvfb's stderr goes to a file, not a pipe: it is all there once the display is reported.
	logf, err := os.CreateTemp(t.TempDir(), "xvfb-*.log")
	if err != nil {
		t.Fatal(err)
	}
	defer logf.Close()
	serverLog := func() string { data, _ := os.ReadFile(logf.Name()); return string(data) }
	r, wr, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	// fd 3 in Xvfb is ExtraFiles[0]; Xvfb writes the display number there once it listens.
	// -noreset: by default an X server resets when its last client leaves, and a client
	// whose connection setup is under way at that moment is dropped ("connection reset by
	// peer"). The readiness check below is such a last client, and the app or the test's
	// own query connects right after it, so without -noreset a loaded machine loses that race
	// now and then.
	args := append([]string{"-displayfd", "3", "-screen", "0", fmt.Sprintf("%dx%dx24", w, h), "-nolisten", "tcp"}, extra...)
	cmd := exec.Command("Xvfb", args...)
	cmd.ExtraFiles = []*os.File{wr}
	cmd.Stderr = logf
	if err := cmd.Start(); err != nil {
		r.Close()
		wr.Close()
		t.Fatalf("starting Xvfb: %v", err)
	}
	wr.Close()
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	stop := func() {
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-exited
		}
	}
	number := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(r).ReadString('\n')
		r.Close()
		number <- strings.TrimSpace(line)
	}()
	var disp string
	select {
	case n := <-number:
		if n == "" {
			stop()
			t.Fatalf("Xvfb did not report a display; its stderr:\n%s", serverLog())
		}
		disp = ":" + n
	case <-time.After(Patience):
		stop()
		t.Fatalf("Xvfb reported no display in %v; its stderr:\n%s", Patience, serverLog())
	}
	t.Cleanup(stop)
	// Xvfb reports the number when it is ready; checking with a real client as well costs
	// little and is what the app will do next.
	deadline := time.Now().Add(Patience)
	for {
		if exec.Command("xdpyinfo", "-display", disp).Run() == nil {
			servers.Store(disp, logf.Name())
			t.Cleanup(func() { servers.Delete(disp) })
			return disp
		}
		select {
		case <-exited:
			t.Fatalf("Xvfb %s exited; its stderr:\n%s", disp, serverLog())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("Xvfb %s accepts no connection after %v; its stderr:\n%s", disp, Patience, serverLog())
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// servers holds the stderr file of each running Xvfb by display, to show with an app's failure.
var servers sync.Map

// serverLog is what the Xvfb of display disp has said so far.
func serverLog(disp string) string {
	if p, ok := servers.Load(disp); ok {
		data, _ := os.ReadFile(p.(string))
		return string(data)
	}
	return ""
}

// App is a program running on an Xvfb display.
type App struct {
	t       testing.TB
	disp    string
	bin     string
	args    []string
	retried bool     // started again after it could not connect to the display
	Env     []string // the app's environment, DISPLAY included; tools run with it too
	stderr  syncBuffer
	exited  chan struct{}
	err     error // the app's exit status, valid once exited is closed
	cmd     *exec.Cmd
}

// StartApp starts bin with args on display disp, with extra environment variables env. The
// app is killed when the test ends if it is still running.
func StartApp(t testing.TB, disp string, env []string, bin string, args ...string) *App {
	t.Helper()
	a := &App{t: t, disp: disp, bin: bin, args: args}
	a.Env = append(append(os.Environ(), "DISPLAY="+disp), env...)
	a.start()
	return a
}

func (a *App) start() {
	a.t.Helper()
	cmd := exec.Command(a.bin, a.args...)
	cmd.Env = a.Env
	cmd.Stderr = &a.stderr
	if err := cmd.Start(); err != nil {
		a.t.Fatal(err)
	}
	exited := make(chan struct{})
	a.exited, a.cmd = exited, cmd
	go func() { a.err = cmd.Wait(); close(exited) }()
	a.t.Cleanup(func() {
		select {
		case <-exited:
		default:
			cmd.Process.Kill()
			<-exited
		}
	})
}

// Stderr is what the app has written to its standard error so far, and what its X server
// has (which tells why a connection failed).
func (a *App) Stderr() string {
	return a.stderr.String() + "\n(Xvfb " + a.disp + " says:)\n" + serverLog(a.disp)
}

// Xdo runs xdotool with args on the app's display and returns its output.
func (a *App) Xdo(args ...string) string {
	cmd := exec.Command("xdotool", args...)
	cmd.Env = a.Env
	out, _ := cmd.Output()
	return strings.TrimSpace(string(out))
}

// Window waits for a window whose title contains name and returns its id. It fails the test
// at once, with the app's stderr, if the app exits first, and after Patience otherwise.
func (a *App) Window(name string) string {
	a.t.Helper()
	deadline := time.Now().Add(Patience)
	for {
		if ids := strings.Fields(a.Xdo("search", "--name", name)); len(ids) > 0 {
			return ids[0]
		}
		select {
		case <-a.exited:
			// Gio reports "wl_display_connect failed" when neither Wayland nor X11 connected.
			// Before Xvfb ran with -noreset, a fresh server dropped the app's connection now
			// and then (it was resetting after xdpyinfo left); should anything like it come
			// back, the window is what is tested, so start the app once more, saying so.
			if !a.retried && strings.Contains(a.stderr.String(), "wl_display_connect failed") {
				a.retried = true
				a.t.Logf("the app could not connect to the display (%v); starting it once more. Its stderr:\n%s", a.err, a.Stderr())
				a.start()
				continue
			}
			a.t.Fatalf("the app exited (%v) before a window %q appeared; its stderr:\n%s", a.err, name, a.Stderr())
		default:
		}
		if time.Now().After(deadline) {
			a.t.Fatalf("no window %q appeared in %v; the app's stderr:\n%s", name, Patience, a.Stderr())
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// WaitTitle polls the title of window win until ok accepts it or timeout passes, and returns
// the last title seen.
func (a *App) WaitTitle(win string, timeout time.Duration, ok func(title string) bool) string {
	deadline := time.Now().Add(timeout)
	for {
		title := a.Xdo("getwindowname", win)
		if ok(title) || time.Now().After(deadline) {
			return title
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// Exit waits up to timeout for the app to exit (after Ctrl+Q, say) and returns its exit
// status, or an error saying it did not exit.
func (a *App) Exit(timeout time.Duration) error {
	select {
	case <-a.exited:
		if a.err != nil {
			return fmt.Errorf("the app exited with %v; its stderr:\n%s", a.err, a.Stderr())
		}
		return nil
	case <-time.After(timeout):
		return fmt.Errorf("the app did not exit within %v", timeout)
	}
}

// Signal sends sig to the app (the system asking it to end: SIGTERM, SIGHUP).
func (a *App) Signal(sig os.Signal) {
	a.t.Helper()
	if a.cmd == nil || a.cmd.Process == nil {
		a.t.Fatal("the app is not running")
	}
	if err := a.cmd.Process.Signal(sig); err != nil {
		a.t.Fatal(err)
	}
}

// Quit presses Ctrl+Q, which closes the robocom window from inside the app, and waits up to
// Patience for the app to exit; it presses again every 15 s in case a loaded machine lost the
// key. It returns what Exit returns.
func (a *App) Quit() error {
	deadline := time.Now().Add(Patience)
	for {
		a.Xdo("key", "ctrl+q")
		wait := min(15*time.Second, time.Until(deadline))
		err := a.Exit(wait)
		if err == nil || time.Now().After(deadline) || a.done() {
			return err
		}
		a.t.Logf("no exit %v after Ctrl+Q; pressing it again", wait)
	}
}

func (a *App) done() bool {
	select {
	case <-a.exited:
		return true
	default:
		return false
	}
}

// Screenshot saves the whole screen as a PNG at path and returns it decoded.
func (a *App) Screenshot(path string) image.Image {
	a.t.Helper()
	imp := exec.Command("import", "-window", "root", path)
	imp.Env = a.Env
	if out, err := imp.CombinedOutput(); err != nil {
		a.t.Fatalf("import: %v\n%s", err, out)
	}
	f, err := os.Open(path)
	if err != nil {
		a.t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		a.t.Fatal(err)
	}
	return img
}

// syncBuffer is a bytes.Buffer a process may write while the test reads it.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
