package robowin

// Notify shows msg to the user in the window's notice line (a damaged settings file, say,
// found before the window opened).
func (u *UI) Notify(msg string) { u.note.set(msg) }
