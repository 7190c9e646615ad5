package robowin

import (
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"gioui.org/layout"
	"gioui.org/unit"
	"gioui.org/widget"
	"gioui.org/widget/material"

	"robocom/internal/termtext"
	"robocom/robolang"
	"robocom/ui/kit"
)

// GameOptions is an option set as the window shows and edits it: a name and the rule values
// by their command-line keys (CLI.md: board, timeout, elim-trigger, first-mobile, cost.*).
// The engine's own option type stays in the engine; OptionSets converts.
type GameOptions struct {
	Name   string // "classic", "rc3", or the file it came from
	Values []OptionValue
}

// OptionValue is one rule value.
type OptionValue struct {
	Key   string // as in "-opt KEY=VALUE"
	Value int
}

// Get returns the value of key, and whether the set has it.
func (o GameOptions) Get(key string) (int, bool) {
	for _, v := range o.Values {
		if v.Key == key {
			return v.Value, true
		}
	}
	return 0, false
}

// Timeout is the time limit in cycles, 0 when unknown.
func (o GameOptions) Timeout() int { v, _ := o.Get("timeout"); return v }

// OptionSets is how the window reaches the engine's option sets: the built-in ones and
// saved files. Keeping it an interface keeps the file format in one place, the engine.
type OptionSets interface {
	Default() GameOptions
	Builtin() []string
	// Load loads a built-in set by name or a saved set from a file.
	Load(nameOrFile string) (GameOptions, error)
	// Check validates the values (ranges, known keys) without saving.
	Check(o GameOptions) error
	// Save writes the set to a file (atomically).
	Save(file string, o GameOptions) error
	// Text is the set as its file holds it ("key = value" lines).
	Text(o GameOptions) ([]byte, error)
	// Parse reads such a text, as Load reads a file; name names the set unless the text
	// has a name line.
	Parse(name string, text []byte) (GameOptions, error)
}

// rememberRules is how the settings keep the rules o: the set's name or file, and for rules
// edited and not saved as a set their text too, so that the edited values come back.
func rememberRules(sets OptionSets, o GameOptions, s *Settings) {
	base, edited := strings.CutPrefix(o.Name, "edited ")
	s.Options, s.OptionsText = base, ""
	if !edited || sets == nil {
		return
	}
	if b, err := sets.Text(o); err == nil {
		s.OptionsText = string(b)
	}
}

// restoreRules are the rules the settings s kept (rememberRules), and a sentence for the
// user when what they kept does not load: edited rules that do not parse give the set they
// were edited from, a set that does not load gives the default.
func restoreRules(sets OptionSets, s Settings) (o GameOptions, notice string) {
	o = sets.Default()
	if s.OptionsText != "" {
		base := s.Options
		if base == "" {
			base = o.Name
		}
		e, err := sets.Parse("edited "+base, []byte(s.OptionsText))
		if err == nil {
			e.Name = "edited " + base // whatever its name line says: the set it was edited from
			return e, ""
		}
		notice = "The rules edited last time did not load (" + termtext.Escape(err.Error()) + "); "
	}
	if s.Options != "" {
		l, err := sets.Load(s.Options)
		if err != nil {
			return o, notice + "the option set used last time did not load either (" + termtext.Escape(err.Error()) + "); using the default."
		}
		o = l
	}
	if notice != "" {
		notice += "using " + shortSetName(o.Name) + "."
	}
	return o, notice
}

// OptionsEditorState is the options view: the set in use, fields to edit each value, and
// buttons to apply, save and load sets.
type OptionsEditorState struct {
	fields  map[string]*widget.Editor
	shown   string      // the Name of the set whose values the fields were filled with
	inUse   GameOptions // the rules in use when the fields were last filled: they are filled again when those change
	loaded  bool        // the fields show a set just loaded, not yet in use (a restart is being asked)
	nameEd  widget.Editor
	named   string      // what the view last put in nameEd; a name the user typed is kept
	confirm secondPress // Save replaces another set's existing file on a second press
	apply   widget.Clickable
	save    widget.Clickable
	builtin []widget.Clickable
	saved   []savedSet
	list    widget.List
	msg     string
	msgErr  bool
	dir     string // where sets are saved
	scanned bool
}

type savedSet struct {
	path string
	btn  widget.Clickable
}

func (s *OptionsEditorState) editing(gtx layout.Context) bool {
	if gtx.Focused(&s.nameEd) {
		return true
	}
	for _, e := range s.fields {
		if gtx.Focused(e) {
			return true
		}
	}
	return false
}

// OptionsDir is where saved option sets live: os.UserConfigDir()/robocom/options.
func OptionsDir() string {
	dir, err := os.UserConfigDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "robocom", "options")
}

// optionFileExt is the extension of saved option sets.
const optionFileExt = ".options"

// fill shows o's values in the fields. The "Save as" box then names o when o is a saved set
// (edited or not) and the set was just loaded (load) or the box holds no name the user typed,
// so that Save writes back the set shown rather than the one shown before; otherwise it
// offers "my-rules".
func (s *OptionsEditorState) fill(o GameOptions, load bool) {
	if s.fields == nil {
		s.fields = make(map[string]*widget.Editor)
	}
	for _, v := range o.Values {
		e := s.fields[v.Key]
		if e == nil {
			e = &widget.Editor{SingleLine: true, Submit: true}
			s.fields[v.Key] = e
		}
		e.SetText(strconv.Itoa(v.Value))
	}
	s.shown = o.Name
	name, saved := savedSetName(o.Name)
	if !saved {
		name = "my-rules"
	}
	t := s.nameEd.Text()
	if load && saved || t == "" || t == s.named || slices.Contains([]string{"classic", "rc3", "rc3m"}, t) {
		s.nameEd.SetText(name)
		s.named = name
	}
}

// savedSetName is the name a saved set's file gives it ("my-rules" for
// …/options/my-rules.options, edited or not); ok is false for a built-in set.
func savedSetName(set string) (name string, ok bool) {
	file := strings.TrimPrefix(set, "edited ")
	if !strings.HasSuffix(file, optionFileExt) {
		return "", false
	}
	return strings.TrimSuffix(filepath.Base(file), optionFileExt), true
}

// sameRules reports whether a and b are the same rules under the same name.
func sameRules(a, b GameOptions) bool { return a.Name == b.Name && slices.Equal(a.Values, b.Values) }

// showInUse fills the fields from the rules in use o when those changed since the fields
// were last filled from them (applied, or loaded at start). Values typed and not applied stay
// otherwise: while a restart is being asked, and after Cancel.
func (s *OptionsEditorState) showInUse(o GameOptions) {
	if s.fields != nil && sameRules(s.inUse, o) {
		return
	}
	s.fill(o, false)
	s.inUse = GameOptions{Name: o.Name, Values: slices.Clone(o.Values)}
	s.loaded = false
}

// notApplied is told that the user cancelled the rules the view asked to put in use. Typed
// values stay in the fields, as typed; a set loaded from a file or built in is not what the
// user typed, so the fields go back to the rules in use.
func (s *OptionsEditorState) notApplied() {
	if s.loaded {
		s.inUse = GameOptions{} // filled again from the rules in use next frame
		s.loaded = false
	}
}

func (s *OptionsEditorState) scan() {
	s.scanned = true
	s.saved = s.saved[:0]
	if s.dir == "" {
		return
	}
	des, err := os.ReadDir(s.dir)
	if err != nil {
		return
	}
	var names []string
	for _, de := range des {
		if strings.HasSuffix(de.Name(), optionFileExt) {
			names = append(names, de.Name())
		}
	}
	sort.Strings(names)
	for _, n := range names {
		s.saved = append(s.saved, savedSet{path: filepath.Join(s.dir, n)})
	}
}

// edited reads the fields back into a copy of o; a field that is not a number is an error
// naming the field by its label.
func (s *OptionsEditorState) edited(o GameOptions) (GameOptions, error) {
	n := GameOptions{Name: o.Name, Values: append([]OptionValue(nil), o.Values...)}
	for i, v := range n.Values {
		e := s.fields[v.Key]
		if e == nil {
			continue
		}
		x, err := strconv.Atoi(strings.TrimSpace(e.Text()))
		if err != nil {
			return o, fmt.Errorf("%s must be a whole number, not %q", optionLabel(v.Key), e.Text())
		}
		if x != v.Value {
			n.Values[i].Value = x
			n.Name = "edited " + strings.TrimPrefix(o.Name, "edited ")
		}
	}
	return n, nil
}

// update handles the buttons. It returns true when the options in use changed (the caller
// restarts the game with them).
func (s *OptionsEditorState) update(gtx layout.Context, sets OptionSets, o *GameOptions) bool {
	if sets == nil {
		return false
	}
	if s.dir == "" {
		s.dir = OptionsDir()
	}
	if !s.scanned {
		s.scan()
	}
	s.showInUse(*o)
	submitted := false
	for _, e := range s.fields {
		for {
			ev, ok := e.Update(gtx)
			if !ok {
				break
			}
			if _, ok := ev.(widget.SubmitEvent); ok {
				submitted = true
			}
		}
	}
	changed := false
	if s.apply.Clicked(gtx) || submitted {
		n, err := s.edited(*o)
		if err == nil {
			err = sets.Check(n)
		}
		if err != nil {
			s.msg, s.msgErr = err.Error(), true
		} else {
			*o = n
			s.msg, s.msgErr = "Applied; the round restarted with these rules.", false
			changed = true
		}
	}
	if s.save.Clicked(gtx) {
		kit.TakeKeys(gtx, &s.nameEd)
		name := strings.TrimSpace(s.nameEd.Text())
		n, err := s.edited(*o)
		switch {
		case name == "" || name == "." || name == ".." || strings.ContainsAny(name, `/\:`) || strings.IndexFunc(name, unicode.IsControl) >= 0:
			s.msg, s.msgErr = "Give the set a name without / \\ : or control characters, like my-rules.", true
		case slices.ContainsFunc(sets.Builtin(), func(b string) bool { return strings.EqualFold(b, name) }):
			// A saved "classic" would be named as the built-in set in the window, and
			// `-options classic` still means the built-in one.
			s.msg, s.msgErr = termtext.Escape(name)+" is a built-in set's name: give yours another, like my-"+strings.ToLower(name)+".", true
		case err != nil:
			s.msg, s.msgErr = err.Error(), true
		case s.dir == "":
			s.msg, s.msgErr = "Could not save: the system names no config folder for the window to keep option sets in; set HOME (or XDG_CONFIG_HOME) and start the window again.", true
		default:
			if err := sets.Check(n); err != nil {
				s.msg, s.msgErr = err.Error(), true
				break
			}
			file := filepath.Join(s.dir, name+optionFileExt)
			// Another set's file is replaced on a second press only, as the program editor's
			// Save replaces another file; the file of the set shown is saved over at once. The
			// second press confirms the same rules into the same file: rules loaded or typed
			// since ask again.
			text, _ := sets.Text(n)
			if file != strings.TrimPrefix(s.shown, "edited ") {
				if _, err := os.Stat(file); err == nil && !s.confirm.again(file+"\n"+string(text)) {
					s.msg, s.msgErr = termtext.Escape(name)+" already exists: press Save again to replace it.", true
					break
				}
			}
			s.confirm.reset()
			n.Name = file
			err := kit.MakeConfigFolder(s.dir) // the window's own folder: a first launch has none
			if err == nil {
				err = sets.Save(file, n)
			}
			if err != nil {
				s.msg, s.msgErr = "Could not save: "+err.Error(), true
				break
			}
			*o = n
			s.shown = n.Name
			changed = true
			s.msg, s.msgErr = "Saved as "+termtext.Escape(file)+" and applied.", false
			s.scan()
		}
	}
	names := sets.Builtin()
	for len(s.builtin) < len(names) {
		s.builtin = append(s.builtin, widget.Clickable{})
	}
	load := ""
	for i, n := range names {
		if s.builtin[i].Clicked(gtx) {
			load = n
		}
	}
	for i := range s.saved {
		if s.saved[i].btn.Clicked(gtx) {
			load = s.saved[i].path
		}
	}
	if load != "" {
		n, err := sets.Load(load)
		if err != nil {
			s.msg, s.msgErr = err.Error(), true
		} else {
			*o = n
			s.fill(n, true)
			s.loaded = true
			s.msg, s.msgErr = "Loaded "+termtext.Escape(load)+"; the round restarted with it.", false
			changed = true
		}
	}
	return changed
}

// OptionsEditorStyle draws the options view.
type OptionsEditorStyle struct {
	Theme   *material.Theme
	State   *OptionsEditorState
	Options *GameOptions
	Sets    OptionSets
}

// OptionsEditor builds the options view's style.
func OptionsEditor(th *material.Theme, s *OptionsEditorState, o *GameOptions, sets OptionSets) OptionsEditorStyle {
	return OptionsEditorStyle{Theme: th, State: s, Options: o, Sets: sets}
}

// Layout draws the set's name, load buttons, one field per value and the save row.
func (os_ OptionsEditorStyle) Layout(gtx layout.Context) layout.Dimensions {
	s, th := os_.State, os_.Theme
	if os_.Sets == nil {
		return material.Body2(th, "Option sets are not available: this build has no game engine yet.").Layout(gtx)
	}
	if s.fields == nil {
		s.showInUse(*os_.Options)
	}
	s.list.Axis = layout.Vertical
	small := func(c *widget.Clickable, label string) layout.Widget {
		return func(gtx layout.Context) layout.Dimensions {
			b := material.Button(th, c, label)
			b.Inset = layout.Inset{Top: 3, Bottom: 3, Left: 7, Right: 7}
			b.TextSize = 12
			return kit.FocusRing(gtx, c, b.Layout(gtx))
		}
	}
	var rows []layout.Widget
	rows = append(rows, material.Subtitle2(th, "Rules in use: "+shortSetName(os_.Options.Name)).Layout)
	load := []layout.FlexChild{layout.Rigid(material.Caption(th, "Load: ").Layout)}
	for i, n := range os_.Sets.Builtin() {
		if i < len(s.builtin) {
			load = append(load, layout.Rigid(small(&s.builtin[i], n)), layout.Rigid(layout.Spacer{Width: 4}.Layout))
		}
	}
	for i := range s.saved {
		load = append(load, layout.Rigid(small(&s.saved[i].btn, shortSetName(s.saved[i].path))), layout.Rigid(layout.Spacer{Width: 4}.Layout))
	}
	rows = append(rows, func(gtx layout.Context) layout.Dimensions {
		return layout.Inset{Top: 4, Bottom: 4}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
			return layout.Flex{Alignment: layout.Middle}.Layout(gtx, load...)
		})
	})
	if s.msg != "" {
		c := color.NRGBA{0x20, 0x60, 0x20, 0xFF}
		if s.msgErr {
			c = kit.ErrorText
		}
		rows = append(rows, func(gtx layout.Context) layout.Dimensions {
			l := material.Caption(th, s.msg)
			l.Color = c
			return l.Layout(gtx)
		})
	}
	rows = append(rows, func(gtx layout.Context) layout.Dimensions {
		return layout.Inset{Top: 4, Bottom: 4}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
			return layout.Flex{Alignment: layout.Middle}.Layout(gtx,
				layout.Rigid(small(&s.apply, "Apply (Enter)")),
				layout.Rigid(layout.Spacer{Width: 8}.Layout),
				layout.Rigid(material.Caption(th, "Save as ").Layout),
				layout.Rigid(func(gtx layout.Context) layout.Dimensions {
					gtx.Constraints.Max.X = gtx.Dp(110)
					gtx.Constraints.Min.X = gtx.Constraints.Max.X
					return widget.Border{Color: color.NRGBA{0x99, 0x99, 0x99, 0xFF}, Width: 1}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
						return layout.UniformInset(3).Layout(gtx, material.Editor(th, &s.nameEd, "name").Layout)
					})
				}),
				layout.Rigid(layout.Spacer{Width: 4}.Layout),
				layout.Rigid(small(&s.save, "Save")),
			)
		})
	})
	rc3 := os_.Options.RC3()
	for _, v := range os_.Options.Values {
		v := v
		e := s.fields[v.Key]
		if e == nil || !rc3 && isRC3Cost(v.Key) {
			continue
		}
		rows = append(rows, func(gtx layout.Context) layout.Dimensions {
			return layout.Inset{Bottom: 2}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
				return layout.Flex{Alignment: layout.Middle}.Layout(gtx,
					layout.Rigid(func(gtx layout.Context) layout.Dimensions {
						gtx.Constraints.Min.X = gtx.Dp(unit.Dp(220))
						return material.Body2(th, optionLabel(v.Key)).Layout(gtx)
					}),
					layout.Rigid(func(gtx layout.Context) layout.Dimensions {
						gtx.Constraints.Max.X = gtx.Dp(80)
						gtx.Constraints.Min.X = gtx.Constraints.Max.X
						return widget.Border{Color: color.NRGBA{0x99, 0x99, 0x99, 0xFF}, Width: 1}.Layout(gtx, func(gtx layout.Context) layout.Dimensions {
							return layout.UniformInset(3).Layout(gtx, material.Editor(th, e, "").Layout)
						})
					}),
				)
			})
		})
	}
	return material.List(th, &s.list).Layout(gtx, len(rows), func(gtx layout.Context, i int) layout.Dimensions {
		return rows[i](gtx)
	})
}

// shortSetName is an option set's name as the window shows it: a saved set's file without
// its folder and extension, escaped (termtext.Escape) as file names are; "edited" stays in
// front of a set whose values were edited ("edited my-rules", as "edited classic").
func shortSetName(n string) string {
	if name, saved := savedSetName(n); saved {
		if strings.HasPrefix(n, "edited ") {
			name = "edited " + name
		}
		n = name
	}
	return termtext.Escape(n)
}

// optionLabel explains an option key in words.
func optionLabel(k string) string {
	switch k {
	case "board":
		return "Board size (4..200)"
	case "timeout":
		return "Time limit (cycles)"
	case "elim-trigger":
		return "Elimination trigger"
	case "first-mobile":
		return "First robots mobile (0/1)"
	case "remote-cost":
		return "Remote operand surcharge"
	case "cost.trans-per-instr":
		return "TRANS: cycles per instruction"
	case "cost.create-per-bank":
		return "CREATE: cycles per bank"
	case "cost.create-mobile-factor":
		return "CREATE: factor if mobile"
	case "cost.create-set1":
		return "CREATE: extra for set 1"
	case "cost.create-set2":
		return "CREATE: extra for set 2"
	case "cost.create-mobile":
		return "CREATE: extra if mobile"
	case "cost.rtrans-per-instr":
		return "RTRANS: cycles per instruction"
	case "cost.farscan-per-field":
		return "FARSCAN: cycles per field"
	case "instructions":
		return "Instructions (0 classic, 1 RC3)"
	case "max-tasks":
		return "Tasks per robot (1..100)"
	case "max-duration":
		return "Longest instruction (0 = any)"
	}
	if c, ok := strings.CutPrefix(k, "cost."); ok {
		return "Cycles: " + strings.ToUpper(c)
	}
	return k
}

// isRC3Cost reports whether key is the cost of an RC3-only instruction (hidden while a
// classic set is shown, where those instructions do not exist).
func isRC3Cost(key string) bool {
	if key == "cost.rtrans-per-instr" || key == "cost.farscan-per-field" {
		return true
	}
	c, ok := strings.CutPrefix(key, "cost.")
	return ok && robolang.LookupOpcode(c).IsRC3()
}
