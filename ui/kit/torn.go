package kit

import "sync"

// TornWindow is what every torn-off panel's window shares, in either game: the window's
// Invalidate and Close, which the window loop hands over with Bind before its goroutine
// starts, and the title, which that loop reads from its own goroutine. A window type embeds
// it and adds its panel.
type TornWindow struct {
	invalidate func()
	close      func()

	titleMu sync.Mutex
	title   string

	// Tips is the window's tooltip layer: the window lays its panel out in Tips.Layout.
	Tips Tips
}

// Bind gives the torn-off panel its window's Invalidate and a way to close the window.
func (t *TornWindow) Bind(invalidate, close func()) { t.invalidate, t.close = invalidate, close }

// Title is the window's title. Safe from any goroutine.
func (t *TornWindow) Title() string {
	t.titleMu.Lock()
	defer t.titleMu.Unlock()
	return t.title
}

// SetTitle changes the window's title.
func (t *TornWindow) SetTitle(s string) {
	t.titleMu.Lock()
	t.title = s
	t.titleMu.Unlock()
}

// Invalidate asks the window for a frame (nothing before Bind).
func (t *TornWindow) Invalidate() {
	if t.invalidate != nil {
		t.invalidate()
	}
}

// CloseWindow closes the window (nothing before Bind).
func (t *TornWindow) CloseWindow() {
	if t.close != nil {
		t.close()
	}
}

// TitleName is the most characters of a program's name a window title or a panel's header
// shows (termtext.Clip): a name of 300 characters made a title no window manager shows and a
// header 23 lines tall. The tooltips show the whole name.
const TitleName = 40
