package hill

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"testing"
)

var samples = []string{"../../robots/mine.rob", "../../robots/wall.rob", "../../robots/virus.rob"}

func playAll(t *testing.T, h *Hill) {
	t.Helper()
	pd, err := h.Pending()
	if err != nil {
		t.Fatal(err)
	}
	if err := h.Play(context.Background(), pd, 0, pd.Plan.Bouts(), 0, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := h.Trim(); err != nil {
		t.Fatal(err)
	}
}

// TestMigrateFormat1: a format 1 hill is read as it is where it is only read, and brought to
// format 2 (authors, versions, ages) when opened for writing; its standings do not change.
func TestMigrateFormat1(t *testing.T) {
	h, path := newHill(t)
	for _, f := range samples {
		add(t, h, f)
	}
	playAll(t, h)
	want, _ := h.Standings()
	h.Close()
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{`DROP TABLE claim`, `ALTER TABLE program DROP COLUMN author`, `ALTER TABLE program DROP COLUMN version`,
		`ALTER TABLE program DROP COLUMN entered`, `ALTER TABLE hill DROP COLUMN entries`, `UPDATE hill SET format = 1`} {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	db.Close()

	r, err := OpenRead(path, games)
	if err != nil {
		t.Fatal(err)
	}
	st, err := r.Standings()
	if err != nil || r.format != 1 {
		t.Fatalf("format 1 read as it is: format %d, %v", r.format, err)
	}
	for i, p := range st.Programs {
		if p.Version != 1 || p.Author != "" || st.Age(i) != 0 || st.Records[i] != want.Records[i] {
			t.Errorf("format 1, %s: version %d, author %q, age %d, %+v (want %+v)", p.Name, p.Version, p.Author, st.Age(i), st.Records[i], want.Records[i])
		}
	}
	r.Close()

	w, err := Open(path, games)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	st, err = w.Standings()
	if err != nil || w.format != formatVersion {
		t.Fatalf("after migration: format %d, %v", w.format, err)
	}
	for i, p := range st.Programs {
		if p.Version != 1 || p.Author != want.Programs[i].Author || st.Age(i) != want.Age(i) || st.Records[i] != want.Records[i] {
			t.Errorf("migrated, %s: version %d, author %q, age %d; want author %q, age %d", p.Name, p.Version, p.Author, st.Age(i), want.Programs[i].Author, want.Age(i))
		}
	}
	if want.Age(0) != 2 || want.Programs[1].Author == "" {
		t.Errorf("the test shows nothing: ages %d, author %q", want.Age(0), want.Programs[1].Author)
	}
}

// TestClaims: a second owner finds the first's claims and waits for them; a claim whose
// owner is gone (an old heartbeat, or a process of this machine that no longer runs) is
// taken over; storing a pairing deletes its claim.
func TestClaims(t *testing.T) {
	h, _ := newHill(t)
	for _, f := range samples {
		add(t, h, f)
	}
	a, b := NewOwner(), NewOwner()
	ca, err := h.Claim(context.Background(), a)
	if err != nil || len(ca.Plan.Pairings) != 3 || ca.Elsewhere != 0 {
		t.Fatalf("first claim: %+v, %v", ca, err)
	}
	cb, err := h.Claim(context.Background(), b)
	if err != nil || len(cb.Plan.Pairings) != 0 || cb.Elsewhere != 3 {
		t.Fatalf("second claim while the first plays: %d claimed, %d elsewhere, %v", len(cb.Plan.Pairings), cb.Elsewhere, err)
	}
	if playing, left, _ := h.Activity(); playing != 3 || left != 0 {
		t.Errorf("activity: %d playing, %d left", playing, left)
	}
	// One pairing played and stored by a: its claim goes with it.
	if err := h.Play(context.Background(), &ca.Pending, 0, ca.Plan.Rounds, 0, nil); err != nil {
		t.Fatal(err)
	}
	if playing, left, _ := h.Activity(); playing != 2 || left != 0 {
		t.Errorf("activity after one pairing: %d playing, %d left", playing, left)
	}
	// a's heartbeat grows old: b takes its two pairings over.
	h.db.Exec(`UPDATE claim SET heartbeat = 0`)
	if cb, _ = h.Claim(context.Background(), b); len(cb.Plan.Pairings) != 2 || cb.Elsewhere != 0 {
		t.Errorf("claims with an old heartbeat: %d taken over, %d elsewhere", len(cb.Plan.Pairings), cb.Elsewhere)
	}
	// A claim of a process of this machine that has ended is taken over at once.
	host, _ := os.Hostname()
	dead := Owner(fmt.Sprintf("%s %d dead", host, 1<<30))
	if _, err := h.db.Exec(`UPDATE claim SET owner = ?, heartbeat = ?`, string(dead), 1<<62); err != nil {
		t.Fatal(err)
	}
	if playing, left, _ := h.Activity(); playing != 0 || left != 2 {
		t.Errorf("activity with a dead owner: %d playing, %d left", playing, left)
	}
	if cb, _ = h.Claim(context.Background(), b); len(cb.Plan.Pairings) != 2 {
		t.Errorf("claims of an ended process: %d taken over", len(cb.Plan.Pairings))
	}
	if err := h.Release(b); err != nil {
		t.Fatal(err)
	}
	if playing, left, _ := h.Activity(); playing != 0 || left != 2 {
		t.Errorf("activity after release: %d playing, %d left", playing, left)
	}
}
