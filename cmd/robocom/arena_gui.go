//go:build !nogui

package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"gioui.org/app"
	"gioui.org/io/system"
	"gioui.org/op"
	"gioui.org/unit"
	"gioui.org/x/explorer"

	"robocom/corewars/play"
	"robocom/robots"
	"robocom/ui/corewin"
	"robocom/ui/kit"
	"robocom/ui/picker"
	"robocom/ui/robowin"
	"robocom/ui/shell"
)

// windowArgsError says why the window cannot open with these program files: more than the
// mode they open in plays at once (Core War files open the Core War mode, which takes more),
// or programs of both games (the RoboCom mode read a .red file as RoboCom and listed every
// Redcode line as a RoboCom error), which robocom battle refuses too.
func windowArgsError(args []string) error {
	if shell.AllCoreFiles(args) {
		if len(args) > corewin.MaxPlayers {
			return fmt.Errorf("at most %d Core War programs play at once in the window; %d were given (robocom tournament takes more)", corewin.MaxPlayers, len(args))
		}
		return nil
	}
	for _, f := range args {
		if l := play.LanguageOf(f); l != play.NoLanguage {
			return fmt.Errorf("%s is a %s program, not a RoboCom one; the window opens RoboCom programs (.rob, .rbi) or Core War programs (.red, .cw, .vna), not both", f, l)
		}
	}
	if len(args) > robowin.MaxPlayers {
		return fmt.Errorf("at most %d RoboCom programs play at once; %d were given (robocom tournament takes more)", robowin.MaxPlayers, len(args))
	}
	return nil
}

// windowFlags reads the window's flags before the program files: -seed N fixes the first
// round's seed in both modes (0, the default, picks one at random), so that a game seen once
// can be watched again.
func windowFlags(args []string) (files []string, seed int64, err error) {
	fs := flag.NewFlagSet("robocom", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var given bool
	seedFlag(fs, "the first round's seed", &seed, &given)
	if err := fs.Parse(args); err != nil {
		return nil, 0, fmt.Errorf("%w (robocom [-seed N] [FILE ...] opens the window; robocom help lists the commands)", err)
	}
	return fs.Args(), seed, nil
}

// openArena opens the arena window with the given program files as the players (up to
// robowin.MaxPlayers RoboCom programs, or corewin.MaxPlayers Core War programs); with none, the
// players of the last run, or else the first bundled robots.
func openArena(args []string) int {
	args, seed, err := windowFlags(args)
	if errors.Is(err, flag.ErrHelp) { // robocom -seed 3 -h
		usage(os.Stdout)
		return 0
	}
	if err != nil {
		fmt.Fprintf(escapedStderr, "robocom: %v.\n", err)
		return 2
	}
	if err := windowArgsError(args); err != nil {
		fmt.Fprintf(escapedStderr, "robocom: %v.\n", err)
		return 2
	}
	var files []string
	for _, a := range args {
		abs, err := filepath.Abs(a)
		if err != nil {
			fmt.Fprintf(escapedStderr, "robocom: %s: %v\n", a, err)
			return 2
		}
		files = append(files, "disk:"+strings.TrimPrefix(filepath.ToSlash(abs), "/"))
	}
	var coreFiles []string // .red, .cw and .vna programs open the window in the Core War mode
	if len(files) > 0 && shell.AllCoreFiles(files) {
		coreFiles, files = files, nil
	}
	givenFolder := "" // the RoboCom picker opens where the files given are (coreStart: Core War's)
	if len(files) > 0 {
		givenFolder = folderOfGiven(files[0])
	}
	var settings *kit.SettingsStore
	var settingsErr error
	if p, err := kit.DefaultSettingsPath(); err == nil {
		settings, settingsErr = kit.OpenSettings(p)
		if settingsErr != nil {
			fmt.Fprintln(escapedStderr, "robocom:", settingsErr)
		}
		// Nothing is written before the window opens: a launch that fails leaves the file as
		// it was (loop calls Opened on the first frame).
		settings.Hold()
	}
	bundled := bundledRobots()
	if len(files) == 0 && settings != nil {
		files = settings.Get().Players
	}
	if len(files) == 0 {
		files = firstBundled(bundled, 2)
	}
	home, _ := os.Getwd()
	quietWaylandProbe() // before Gio first tries Wayland (runtime_dir.go)
	w := new(app.Window)
	width, height := unit.Dp(1280), unit.Dp(860)
	if settings != nil {
		if ww, wh, ok := settings.Get().WindowSize(); ok {
			width, height = unit.Dp(ww), unit.Dp(wh)
		}
	}
	minW, minH := unit.Dp(640), unit.Dp(480)
	room, releaseScreenQuery, ok := screenOnX11()
	var sizes sizeMemory
	if ok {
		// The first size (the default or the one saved last time) fits the screen it opens
		// on: Gio tells the screen only once the window is open, and without a window
		// manager nothing shrinks a window larger than the screen.
		asked := winSize{float32(width), float32(height)}
		size, minimum := fitInto(asked, winSize{float32(minW), float32(minH)}, room)
		sizes = sizeMemory{fitted: size, shrunk: size != asked}
		width, height, minW, minH = unit.Dp(size.w), unit.Dp(size.h), unit.Dp(minimum.w), unit.Dp(minimum.h)
	}
	w.Option(app.Title("RoboCom Arena"), app.Size(width, height), app.MinSize(minW, minH))
	sysDialog := explorer.NewExplorer(w) // the system file dialog; it needs the window's events
	var guard *quitGuard                 // (made below, once both modes are)
	u := robowin.New(robowin.Config{
		Load:    robowin.LoadProgram,
		NewGame: robowin.NewArenaGame,
		Options: robowin.ArenaOptions{},
		Roots: []robowin.Root{
			{Name: "bundled", FS: bundled, Home: "."},
			{Name: "bundled RC3", FS: robots.RC3FS, Home: "rc3"}, // load under rc3 or rc3m (Options tab)
			{Name: "disk", FS: os.DirFS("/"), Home: strings.TrimPrefix(filepath.ToSlash(home), "/")},
		},
		Files:      files,
		Folder:     givenFolder,
		Seed:       seed,
		Settings:   settings,
		Invalidate: w.Invalidate,
		Quit:       func() { guard.request() },
		Native:     nativeDialog(sysDialog),
		OpenWindow: func(t *robowin.TornWindow) { openTornWindow(t) },
	})
	if settingsErr != nil {
		u.Notify("Settings: " + settingsErr.Error())
	}
	var remembered kit.Settings
	if settings != nil {
		remembered = settings.Get()
	}
	coreFiles, coreCopies, coreFolder, coreFirst := coreStart(args, coreFiles, remembered)
	modes := shell.NewModes(corewin.Config{
		Roots: []corewin.Root{
			{Name: "bundled", FS: robots.CoreFS, Home: "core"},
			{Name: "disk", FS: os.DirFS("/"), Home: strings.TrimPrefix(filepath.ToSlash(home), "/")},
		},
		Files: coreFiles, Copies: coreCopies, Folder: coreFolder, Seed: seed,
		Invalidate: w.Invalidate, Quit: func() { guard.request() },
		Remember:   func(m corewin.Memory) { rememberCore(settings, m) },
		OpenWindow: func(t *corewin.TornWindow) { openTornWindow(t) },
	}, coreFirst)
	modes.OnSwitch = func(coreOn bool) { rememberMode(settings, coreOn) }
	if len(args) > 0 { // files given: remembered as the RoboCom mode remembers its players
		rememberGiven(settings, coreFirst, modes.Core.Memory())
	}
	guard = &quitGuard{
		modes: []editorHolder{u, modes.Core},
		shown: func() editorHolder {
			if modes.CoreOn {
				return modes.Core
			}
			return u
		},
		close:  func() { w.Perform(system.ActionClose) },
		redraw: w.Invalidate,
	}
	modes.RoboComRunning = u.Running
	endOnSignal(w, guard)
	go func() {
		opened := func() {
			releaseScreenQuery() // the window's own connection is made
			if settings != nil {
				settings.Opened()
			}
		}
		err := loop(w, u, modes, guard, sysDialog, sizes, opened)
		u.Close()
		modes.Close()
		if err != nil {
			fmt.Fprintln(escapedStderr, "robocom:", windowError(err, os.Getenv))
			os.Exit(1)
		}
		os.Exit(0)
	}()
	app.Main()
	return 0
}

// coreStart is how the Core War mode starts: with the Core War files given, else with the
// players, copies and folder of the last run; and whether the window opens in that mode (Core
// War files given, or no files and the Core War mode chosen last).
func coreStart(args, coreFiles []string, s kit.Settings) (files []string, copies []int, folder string, coreFirst bool) {
	if len(coreFiles) > 0 { // the picker opens in the folder of the files given
		folder = s.CoreFolder
		if f := folderOfGiven(coreFiles[0]); f != "" {
			folder = f
		}
		return coreFiles, nil, folder, true
	}
	for _, p := range s.CorePlayers {
		files = append(files, p.Path)
		copies = append(copies, p.Copies)
	}
	return files, copies, s.CoreFolder, len(args) == 0 && s.Mode == kit.ModeCoreWar
}

// folderOfGiven is the picker's first folder for a file given on the command line (a "disk:"
// location): the file's folder, or "" to keep the one used last when that folder is not there
// (a mistyped path would open the picker on "Cannot list …").
func folderOfGiven(loc string) string {
	f := picker.FolderOf(loc)
	if fi, err := os.Stat("/" + strings.TrimPrefix(f, "disk:")); err != nil || !fi.IsDir() {
		return ""
	}
	return f
}

// rememberCore keeps the Core War mode's players, copies and folder in the settings.
func rememberCore(st *kit.SettingsStore, m corewin.Memory) {
	if st == nil {
		return
	}
	err := st.Update(func(s *kit.Settings) {
		s.CorePlayers = s.CorePlayers[:0]
		for i, p := range m.Players {
			s.CorePlayers = append(s.CorePlayers, kit.CorePlayer{Path: p, Copies: m.Copies[i]})
		}
		s.CoreFolder = m.Folder
	})
	if err != nil {
		fmt.Fprintln(escapedStderr, "robocom: could not save the settings:", err)
	}
}

// rememberGiven remembers what files given on the command line opened: their mode, and in
// the Core War mode the players they loaded (the RoboCom mode saves its players itself).
// Without it, `robocom dwarf.red imp.red` left the settings' older mode and players, and the
// next plain `robocom` opened those. (The store holds it until the window opens.)
func rememberGiven(st *kit.SettingsStore, coreFirst bool, core corewin.Memory) {
	rememberMode(st, coreFirst)
	if coreFirst {
		rememberCore(st, core)
	}
}

// rememberMode keeps the mode chosen last in the settings.
func rememberMode(st *kit.SettingsStore, coreOn bool) {
	if st == nil {
		return
	}
	mode := kit.ModeRoboCom
	if coreOn {
		mode = kit.ModeCoreWar
	}
	if err := st.Update(func(s *kit.Settings) { s.Mode = mode }); err != nil {
		fmt.Fprintln(escapedStderr, "robocom: could not save the settings:", err)
	}
}

// endOnSignal closes the window as Ctrl+Q does when the system asks the program to end
// (SIGTERM, SIGHUP: a logout, a shutdown, kill), so that the settings are saved on the way
// out; a second signal ends it at once.
func endOnSignal(w *app.Window, guard *quitGuard) {
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGTERM, syscall.SIGHUP)
	go func() {
		<-sigs
		signal.Reset(syscall.SIGTERM, syscall.SIGHUP)
		guard.ending.Store(true)
		w.Perform(system.ActionClose)
		// (On X11 the close request waits in Xlib's buffer until the event loop sends
		// something: a frame does.)
		w.Invalidate()
	}()
}

// loop is the window's event loop: it lays out the UI on every frame.
// opened is called on the first frame: the window is open.
func loop(w *app.Window, u *robowin.UI, modes *shell.Modes, guard *quitGuard, ex *explorer.Explorer, sizes sizeMemory, opened func()) error {
	var ops op.Ops
	title := ""
	for {
		ev := w.Event()
		ex.ListenEvents(ev)
		switch e := ev.(type) {
		case *app.ClosingEvent:
			frameMu.Lock() // (the editors' state is the torn-off windows' too)
			keepOpen := guard.closing()
			frameMu.Unlock()
			if keepOpen { // an editor holds unsaved text: the bar asks first
				e.Abort()
				continue
			}
			// The window closes: stop now. Waiting for the DestroyEvent
			// is a trap in Gio 0.10 on X11: the driver first yields an empty ViewEvent, and the
			// next Event call, finding no driver, opens a new window; under load that failed and
			// robocom exited with status 1 and "wayland: wl_display_connect failed" after Ctrl+Q.
			return nil
		case app.DestroyEvent:
			return e.Err
		case app.FrameEvent:
			if opened != nil {
				opened()
				opened = nil
			}
			frameMu.Lock() // (see frameMu: torn-off windows draw on their own goroutines)
			gtx := app.NewContext(&ops, e)
			if ww, wh := int(float32(e.Size.X)/e.Metric.PxPerDp), int(float32(e.Size.Y)/e.Metric.PxPerDp); sizes.remember(ww, wh) {
				u.SetWindowSize(ww, wh)
			}
			modes.Layout(gtx, u.Layout) // the RoboCom | Core War bar, then the chosen mode
			if t := modes.Title(u.Title()); t != title {
				title = t
				w.Option(app.Title(t))
			}
			e.Frame(gtx.Ops)
			frameMu.Unlock()
		}
	}
}

// firstBundled lists up to n bundled robots as "bundled:NAME".
func firstBundled(fsys fs.FS, n int) []string {
	var out []string
	if fsys == nil {
		return nil
	}
	des, _ := fs.ReadDir(fsys, ".")
	for _, de := range des {
		name := de.Name()
		if !de.IsDir() && (strings.HasSuffix(strings.ToLower(name), ".rob") || strings.HasSuffix(strings.ToLower(name), ".rbi")) && len(out) < n {
			out = append(out, "bundled:"+name)
		}
	}
	return out
}

// bundledRobots is the sample robots embedded in the binary.
func bundledRobots() fs.FS { return robots.FS }

// windowError explains a window that ended with err. When no window could be opened at all,
// Gio reports only its first attempt, Wayland's ("wl_display_connect failed"), even where X11
// was the one to try: say which displays were tried and what to do.
func windowError(err error, getenv func(string) string) string {
	msg := err.Error()
	if !strings.Contains(msg, "wl_display_connect failed") {
		return msg
	}
	var tried []string
	if d := getenv("WAYLAND_DISPLAY"); d != "" {
		tried = append(tried, fmt.Sprintf("Wayland display %q", d))
	}
	if d := getenv("DISPLAY"); d != "" {
		tried = append(tried, fmt.Sprintf("X11 display %q (DISPLAY)", d))
	}
	where := "no display is set (neither DISPLAY nor WAYLAND_DISPLAY)"
	if len(tried) > 0 {
		where = "could not connect to the " + strings.Join(tried, " nor to the ")
	}
	return fmt.Sprintf("could not open a window: %s (%s). Run robocom in a desktop session, "+
		"or under Xvfb (xvfb-run robocom), or use the commands that need no window: "+
		"robocom battle, tournament, core, mars (robocom help).", where, msg)
}
