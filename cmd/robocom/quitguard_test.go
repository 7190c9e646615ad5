//go:build !nogui

package main

import "testing"

type fakeMode struct {
	unsaved  string
	question string
	quit     func()
}

func (m *fakeMode) Unsaved() string { return m.unsaved }
func (m *fakeMode) AskQuit(q string, quit func()) {
	m.question, m.quit = q, quit
}

// TestQuitGuard: with nothing unsaved Ctrl+Q and the close button close at once; with an
// edit in either mode they ask on the shown mode's bar, and close only when answered.
func TestQuitGuard(t *testing.T) {
	robo, core := &fakeMode{}, &fakeMode{}
	closed := 0
	q := &quitGuard{modes: []editorHolder{robo, core}, shown: func() editorHolder { return robo }, close: func() { closed++ }}
	q.request()
	if closed != 1 || robo.question != "" {
		t.Fatalf("nothing unsaved: closed %d times, asked %q", closed, robo.question)
	}

	closed = 0
	q = &quitGuard{modes: []editorHolder{robo, core}, shown: func() editorHolder { return robo }, close: func() { closed++ }}
	core.unsaved = "dwarf.red"
	q.request()
	if closed != 0 || robo.question != "Quit and lose the changes to dwarf.red?" {
		t.Fatalf("an unsaved Core War edit, Ctrl+Q in the RoboCom mode: closed %d, asked %q", closed, robo.question)
	}
	if !q.closing() {
		t.Fatal("the close button closed the window over an unsaved edit")
	}
	robo.unsaved = "hive.rob"
	robo.question = ""
	q.closing()
	if robo.question != "Quit and lose the changes to hive.rob and dwarf.red?" {
		t.Errorf("two unsaved edits: asked %q", robo.question)
	}
	// A question left waiting while the other mode's editor changed asks again when answered.
	core.unsaved = "dwarf.red"
	robo.unsaved = ""
	robo.question = ""
	q.request() // asked: "… dwarf.red?"
	robo.unsaved = "hive.rob"
	robo.quit() // the user answers Quit to the question about dwarf.red alone
	if closed != 0 || robo.question != "Quit and lose the changes to hive.rob and dwarf.red?" {
		t.Fatalf("Quit to a question that no longer names everything: closed %d, asked %q", closed, robo.question)
	}
	robo.quit() // the user answers Quit
	if closed != 1 || q.closing() {
		t.Errorf("after Quit: closed %d times, and the close request was asked again", closed)
	}
}
