package robowin

import (
	"crypto/sha256"
	"fmt"

	"robocom/internal/termtext"
	"robocom/robolang"
	"robocom/ui/kit"
)

// The language programs load in follows the option set (RC3.md 2): the RC3 forms exist only
// when the set's instructions are rc3 (the built-in sets rc3 and rc3m). The window keeps the
// key as a number, 0 for classic and 1 for rc3, like every other value it edits.

// instructionsKey is the option key of the instruction set, and its two values.
const (
	instructionsKey = "instructions"
	instrClassic    = 0
	instrRC3        = 1
)

// RC3 reports whether the set's instructions are rc3.
func (o GameOptions) RC3() bool { v, _ := o.Get(instructionsKey); return v == instrRC3 }

// Language is what the loader accepts under the set: a refusal of an RC3 form names the set.
func (o GameOptions) Language() robolang.Options {
	return robolang.Options{RC3: o.RC3(), Set: shortSetName(o.Name)}
}

// language is the loader's language under the option set in use.
func (s *session) language() robolang.Options { return s.opts.Language() }

// setOptions puts a new option set in use. When its language differs from the one the
// players were loaded in, every player is loaded again from where it came from; a program the
// new set refuses stays in the list, unloaded, with the loader's messages, and the game does
// not start until it loads again (another set) or is removed.
func (s *session) setOptions(o GameOptions) {
	old := s.language()
	s.opts = o
	if s.language().RC3 != old.RC3 || s.players.unloaded() > 0 {
		s.reloadPlayers()
	}
}

// unloaded counts the players whose program did not load under the set in use.
func (r roster) unloaded() int {
	n := 0
	for _, p := range r {
		if p.Prog == nil {
			n++
		}
	}
	return n
}

// reloadPlayers loads every player again from its path in the language of the set in use.
func (s *session) reloadPlayers() {
	for i := range s.players {
		p := &s.players[i]
		root, name, ok := s.splitPath(p.Path)
		if !ok || s.cfg.Load == nil {
			continue
		}
		display := displayName(root, name)
		src, err := readProgramFile(root, name)
		if err != nil {
			if p.Prog == nil {
				s.clearErrorsFor(display) // (Restart may have listed it: rereadPlayers)
				s.errors = append(s.errors, kit.UnreadableLine(display, err))
			}
			continue // the program loaded before stays (its file is gone or unreadable now)
		}
		s.clearErrorsFor(display)
		prog, err := s.cfg.Load(display, src, s.language())
		if err != nil {
			p.Prog = nil
			s.errors = append(s.errors, kit.ErrorLines(display, err)...)
			s.note.set(fmt.Sprintf("%s does not load under the option set %s; its errors are listed below.", baseName(name), shortSetName(s.opts.Name)))
			continue
		}
		p.Prog, p.read, p.broken = prog, sha256.Sum256(src), false
	}
}

// unloadedError is the sentence the board shows instead of a game while a player's program
// does not load under the set in use.
func (s *session) unloadedError() string {
	var names []string
	for _, p := range s.players {
		if p.Prog == nil {
			names = append(names, baseName(p.Path))
		}
	}
	verb, its, it := "does", "its", "it"
	if len(names) > 1 {
		verb, its, it = "do", "their", "them"
	}
	return fmt.Sprintf("%s %s not load under the option set %s (%s errors are listed on the right): choose another option set in Options, or remove %s.",
		termtext.List(names), verb, shortSetName(s.opts.Name), its, it)
}

// loadsUnderRC3 reports whether a program the set in use refused would load under rc3: it is
// refused for its language alone.
func (s *session) loadsUnderRC3(name string, src []byte) bool {
	if s.language().RC3 {
		return false
	}
	lang := s.language()
	lang.RC3 = true
	_, err := s.cfg.Load(name, src, lang)
	return err == nil
}
