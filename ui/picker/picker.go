// Package picker is the in-app program picker of both windows (RoboCom in ui/robowin, Core
// War in ui/corewin): browsing roots — the bundled programs, the disk — folder by folder over
// fs.FS, listing the folders and the program files a window accepts (its Kind), recent
// folders, a typed path, and turning clicks into a chosen "root:path". Both windows draw it
// with the same Style. Over fs.FS it behaves the same on every desktop and in tests (the
// native dialog needs a desktop portal; GIO-NOTES.md).
package picker

import (
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
	"time"

	"gioui.org/layout"
	"gioui.org/widget"
)

// Root is one place the picker browses.
type Root struct {
	Name string // shown in the picker, and the prefix of a player's path ("disk", "bundled")
	FS   fs.FS
	Home string // the folder shown first ("." for the top)
}

// Entry is a folder or a program file in the folder shown.
type Entry struct {
	Name  string
	Dir   bool
	Click widget.Clickable
}

// Browser is the picker's state. Its fields are for drawing it; change it with its methods.
type Browser struct {
	Roots []Root
	Root  int     // the root shown
	Dir   string  // folder inside the root, "." for its top
	Items []Entry // the folders, then the files, of the folder shown
	Err   string  // why the folder cannot be listed
	Note  string  // what an empty folder shows instead of entries

	RootBtns []widget.Clickable
	opened   time.Time // when a click opened the folder shown (a double click's second click is not a pick)
	UpBtn    widget.Clickable

	accept func(name string) bool
	kinds  string
	loaded bool
	recent []string // recently used folders, "root:dir", newest first
}

// Init shows the first root's home folder; accept tells the program files to offer, kinds
// names them for messages (".rob/.rbi").
func (p *Browser) Init(roots []Root, accept func(name string) bool, kinds string) {
	p.Roots, p.accept, p.kinds = roots, accept, kinds
	p.RootBtns = make([]widget.Clickable, len(roots))
	p.Root, p.Dir, p.loaded = 0, ".", false
	if len(roots) > 0 {
		p.Dir = CleanDir(roots[0].Home)
	}
}

// Open shows a folder given as "root:dir"; unknown roots are ignored.
func (p *Browser) Open(loc string) {
	i := strings.Index(loc, ":")
	if i < 0 {
		return
	}
	for r := range p.Roots {
		if p.Roots[r].Name == loc[:i] {
			p.Root, p.Dir, p.loaded = r, CleanDir(loc[i+1:]), false
			return
		}
	}
}

// CleanDir makes a folder inside a root canonical: no leading slash, "." for the top.
func CleanDir(d string) string {
	d = path.Clean(strings.TrimPrefix(d, "/"))
	if d == "" || d == "/" {
		return "."
	}
	return d
}

// Location is the folder shown, as "root:dir".
func (p *Browser) Location() string {
	if len(p.Roots) == 0 {
		return ""
	}
	return p.Roots[p.Root].Name + ":" + p.Dir
}

// Restore goes back to the folder used last time and the recent folders list.
func (p *Browser) Restore(last string, recent []string) {
	p.recent = append(p.recent[:0], recent...)
	if last != "" {
		p.Open(last)
	}
}

// Remember puts the current folder first in the recent folders (six at most).
func (p *Browser) Remember() {
	loc := p.Location()
	out := []string{loc}
	for _, r := range p.recent {
		if r != loc && len(out) < 6 {
			out = append(out, r)
		}
	}
	p.recent = out
}

// Recent is the recent folders, newest first.
func (p *Browser) Recent() []string { return p.recent }

// DisplayName is how a file or folder of root r is shown to people.
func DisplayName(r Root, name string) string {
	if r.Name == "disk" {
		return "/" + name
	}
	return r.Name + "/" + name
}

// Load lists the folder shown if it changed since it was last listed.
func (p *Browser) Load() {
	if !p.loaded {
		p.load()
	}
}

func (p *Browser) load() {
	p.loaded, p.Err, p.Note = true, "", ""
	p.Items = p.Items[:0]
	if len(p.Roots) == 0 {
		p.Err = "There is nowhere to pick programs from."
		return
	}
	r := p.Roots[p.Root]
	if r.FS == nil {
		p.Err = "No programs are bundled with this build."
		return
	}
	des, err := fs.ReadDir(r.FS, p.Dir)
	if err != nil {
		if pe, ok := err.(*fs.PathError); ok {
			err = pe.Err
		}
		p.Err = fmt.Sprintf("Cannot list %s: %v", DisplayName(r, p.Dir), err)
		return
	}
	for _, de := range des {
		name := de.Name()
		if strings.HasPrefix(name, ".") {
			continue
		}
		isDir := de.IsDir()
		if !isDir && de.Type()&fs.ModeSymlink != 0 {
			if st, err := fs.Stat(r.FS, path.Join(p.Dir, name)); err == nil && st.IsDir() {
				isDir = true
			}
		}
		if !isDir && (p.accept == nil || !p.accept(name)) {
			continue
		}
		p.Items = append(p.Items, Entry{Name: name, Dir: isDir})
	}
	sort.SliceStable(p.Items, func(i, j int) bool {
		if p.Items[i].Dir != p.Items[j].Dir {
			return p.Items[i].Dir
		}
		return strings.ToLower(p.Items[i].Name) < strings.ToLower(p.Items[j].Name)
	})
	if len(p.Items) == 0 {
		if p.Root == 0 && p.Dir == "." && r.Name == "bundled" {
			p.Note = "No programs are bundled with this build."
		} else {
			p.Note = "No folders or " + p.kinds + " files here."
		}
	}
}

// Entries lists the names shown in the current folder (folders end with "/").
func (p *Browser) Entries() []string {
	p.Load()
	out := make([]string, len(p.Items))
	for i, e := range p.Items {
		out[i] = e.Name
		if e.Dir {
			out[i] += "/"
		}
	}
	return out
}

// Files lists every program file of the folder shown, as "root:path".
func (p *Browser) Files() []string {
	p.Load()
	var out []string
	for _, e := range p.Items {
		if !e.Dir {
			out = append(out, p.Roots[p.Root].Name+":"+path.Join(p.Dir, e.Name))
		}
	}
	return out
}

// Update handles the root, Up and entry clicks; it returns the "root:path" of a chosen file.
func (p *Browser) Update(gtx layout.Context) (string, bool) {
	p.Load()
	for i := range p.RootBtns {
		if p.RootBtns[i].Clicked(gtx) {
			p.Root, p.Dir, p.loaded = i, CleanDir(p.Roots[i].Home), false
		}
	}
	if p.UpBtn.Clicked(gtx) && p.Dir != "." {
		p.Dir, p.loaded = path.Dir(p.Dir), false
	}
	if !p.loaded {
		p.load()
		return "", false
	}
	for i := range p.Items {
		e := &p.Items[i]
		for {
			c, ok := e.Click.Update(gtx)
			if !ok {
				break
			}
			// A double click, a desktop's habit, is one pick: its second click added the
			// program a second time, and after a folder it opened picked whatever entry of
			// the new listing lay under the pointer.
			if c.NumClicks > 1 || gtx.Now.Sub(p.opened) < doubleClick {
				continue
			}
			full := path.Join(p.Dir, e.Name)
			if e.Dir {
				p.Dir, p.loaded, p.opened = full, false, gtx.Now
				return "", false
			}
			return p.Roots[p.Root].Name + ":" + full, true
		}
	}
	return "", false
}

// doubleClick is how far apart two clicks make a double click (Gio's gesture.Click counts
// them within 200 ms; a little more, for a click that lands on a new listing).
const doubleClick = 300 * time.Millisecond
