package kit

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// maxMethods bounds the methods declared on one type in ui/: a type with more does more than
// one thing (the Core War window once had 64) and should be split into views.
const maxMethods = 35

// methodCounts counts the methods declared on each type of the Go files (tests aside) under
// root, by "folder.Type".
func methodCounts(t *testing.T, root string) map[string]int {
	counts := map[string]int{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Recv == nil || len(fn.Recv.List) == 0 {
				continue
			}
			typ := fn.Recv.List[0].Type
			if s, ok := typ.(*ast.StarExpr); ok {
				typ = s.X
			}
			if ix, ok := typ.(*ast.IndexExpr); ok { // a generic type's receiver
				typ = ix.X
			}
			if ix, ok := typ.(*ast.IndexListExpr); ok {
				typ = ix.X
			}
			if id, ok := typ.(*ast.Ident); ok {
				counts[filepath.Base(filepath.Dir(p))+"."+id.Name]++
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return counts
}

// overMaxMethods are the types still over maxMethods, each with the count it may not grow
// past; splitting one removes it from here (the test says when).
var overMaxMethods = map[string]int{}

func TestNoTypeOverMaxMethods(t *testing.T) {
	counts := methodCounts(t, "..")
	if counts["kit.Runner"] == 0 || counts["corewin.Window"] == 0 {
		t.Fatalf("the count found no methods of kit.Runner or corewin.Window: %v", counts)
	}
	for typ, limit := range overMaxMethods {
		if n := counts[typ]; n <= maxMethods {
			t.Errorf("%s declares %d methods now: take it out of overMaxMethods", typ, n)
		} else if n > limit {
			t.Errorf("%s declares %d methods, more than the %d it had: split it into views", typ, n, limit)
		}
	}
	for typ, n := range counts {
		if _, known := overMaxMethods[typ]; !known && n > maxMethods {
			t.Errorf("%s declares %d methods, more than %d: split it into views", typ, n, maxMethods)
		}
	}
}
