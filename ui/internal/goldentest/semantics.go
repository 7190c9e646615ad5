package goldentest

import (
	"image"

	"gioui.org/io/input"
	"gioui.org/io/semantic"
)

// Semantics indexes the semantic tree of r's last frame by ID, for tests that find widgets
// by their labels.
func Semantics(r *input.Router) map[input.SemanticID]input.SemanticNode {
	byID := map[input.SemanticID]input.SemanticNode{}
	var walk func(n input.SemanticNode)
	walk = func(n input.SemanticNode) {
		byID[n.ID] = n
		for _, c := range n.Children {
			walk(c)
		}
	}
	for _, n := range r.AppendSemantics(nil) {
		walk(n)
	}
	return byID
}

// ClickableBounds returns the bounds of n, or of its nearest ancestor, that takes clicks (a
// click gesture or a button); false if none does.
func ClickableBounds(byID map[input.SemanticID]input.SemanticNode, n input.SemanticNode) (image.Rectangle, bool) {
	for p := n; ; {
		if p.Desc.Gestures&input.ClickGesture != 0 || p.Desc.Class == semantic.Button {
			return p.Desc.Bounds, true
		}
		q, ok := byID[p.ParentID]
		if !ok || p.ParentID == p.ID {
			return image.Rectangle{}, false
		}
		p = q
	}
}
