package hill

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"robocom/internal/bouts"
)

// A process that plays a hill's pairings on its own machine (hill add, hill play) claims them
// first, in one transaction, so that two such processes never play the same pairing: each
// plays the pairings nobody else has claimed and waits for the others'. A claim names its
// owner and carries a heartbeat the owner renews while it plays; a claim whose owner is gone
// (its heartbeat older than ClaimTTL, or on this machine its process no longer running) is
// taken over by the next process that looks. Storing a pairing deletes its claim.

// ClaimTTL is how old a heartbeat may be before its claim is taken over. The heartbeat is
// renewed every ClaimTTL/6, far more often than a write waits for another's (BusyTimeout).
const ClaimTTL = 3 * time.Minute

// ReleaseWait is the longest Release waits for another command's lock.
const ReleaseWait = 2 * time.Second

// Owner names a process that claims pairings: its machine, its process id and a random token
// (so that a reused process id is not mistaken for the old owner).
type Owner string

// NewOwner is this process's name as a claim's owner.
func NewOwner() Owner {
	host, _ := os.Hostname()
	var b [6]byte
	rand.Read(b[:])
	return Owner(fmt.Sprintf("%s %d %s", strings.ReplaceAll(host, " ", "_"), os.Getpid(), hex.EncodeToString(b[:])))
}

// gone says whether a claim's owner has stopped playing: its heartbeat is too old, or it ran
// on this machine and its process has ended.
func gone(o Owner, heartbeat int64, now time.Time) bool {
	if now.Sub(time.UnixMilli(heartbeat)) > ClaimTTL {
		return true
	}
	f := strings.Fields(string(o))
	if len(f) != 3 {
		return true
	}
	host, _ := os.Hostname()
	pid, err := strconv.Atoi(f[1])
	if err != nil {
		return true
	}
	return f[0] == strings.ReplaceAll(host, " ", "_") && pid != os.Getpid() && !processRunning(pid)
}

// Claimed is the work Claim hands a process: the pairings it now owns (as a plan over the
// residents) and how many missing pairings other processes are playing.
type Claimed struct {
	Pending
	Elsewhere int
}

// Claim claims, in one transaction, every missing pairing among the residents that no other
// running process has claimed (claims of owners that are gone are taken over), and returns
// them with the count of those others are playing. It stops waiting for another command's
// lock when ctx is done, claiming nothing.
func (h *Hill) Claim(ctx context.Context, o Owner) (*Claimed, error) {
	var c *Claimed
	err := h.writeCtx(ctx, func(tx *sql.Tx) error {
		pd, err := h.Pending()
		if err != nil {
			return err
		}
		claims, err := h.claims(tx)
		if err != nil {
			return err
		}
		now := time.Now()
		c = &Claimed{Pending: Pending{Programs: pd.Programs, Plan: bouts.Plan{Rounds: pd.Plan.Rounds}}}
		for _, p := range pd.Plan.Pairings {
			k := pairKey{pd.Programs[p.A].ID, pd.Programs[p.B].ID}
			if cl, ok := claims[k]; ok && cl.owner != o && !gone(cl.owner, cl.heartbeat, now) {
				c.Elsewhere++
				continue
			}
			if _, err := tx.Exec(`INSERT OR REPLACE INTO claim (a, b, owner, heartbeat) VALUES (?, ?, ?, ?)`, k.A, k.B, string(o), now.UnixMilli()); err != nil {
				return err
			}
			c.Plan.Pairings = append(c.Plan.Pairings, p)
		}
		return nil
	})
	return c, err
}

type claimRow struct {
	owner     Owner
	heartbeat int64
}

// querier is what *sql.DB and *sql.Tx share for reading.
type querier interface {
	Query(query string, args ...any) (*sql.Rows, error)
	QueryRow(query string, args ...any) *sql.Row
}

func (h *Hill) claims(q querier) (map[pairKey]claimRow, error) {
	out := map[pairKey]claimRow{}
	if h.format < 2 {
		return out, nil
	}
	rows, err := q.Query(`SELECT a, b, owner, heartbeat FROM claim`)
	if err != nil {
		return nil, h.busy(err)
	}
	defer rows.Close()
	for rows.Next() {
		var k pairKey
		var c claimRow
		if err := rows.Scan(&k.A, &k.B, &c.owner, &c.heartbeat); err != nil {
			return nil, err
		}
		out[k] = c
	}
	return out, rows.Err()
}

// Heartbeat renews the owner's claims, waiting for another command's lock until ctx is done.
func (h *Hill) Heartbeat(ctx context.Context, o Owner) error {
	return h.writeCtx(ctx, func(tx *sql.Tx) error {
		_, err := tx.Exec(`UPDATE claim SET heartbeat = ? WHERE owner = ?`, time.Now().UnixMilli(), string(o))
		return err
	})
}

// Release gives up the owner's claims (the pairings it did not finish stay missing). It waits
// for another command's lock at most ReleaseWait: a claim left behind is taken over at once on
// this machine (its process is gone) and after ClaimTTL elsewhere, so an interrupted command
// need not wait out BusyTimeout to end.
func (h *Hill) Release(o Owner) error {
	ctx, cancel := context.WithTimeout(context.Background(), ReleaseWait)
	defer cancel()
	return h.writeCtx(ctx, func(tx *sql.Tx) error {
		_, err := tx.Exec(`DELETE FROM claim WHERE owner = ?`, string(o))
		return err
	})
}

// Beating renews the owner's claims every ClaimTTL/6 until the returned function is called
// (which also stops a beat waiting for another command's lock).
func (h *Hill) Beating(o Owner) (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		t := time.NewTicker(ClaimTTL / 6)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				h.Heartbeat(ctx, o) // a failed beat is retried at the next tick; the TTL allows several
			}
		}
	}()
	return func() {
		cancel()
		<-finished
	}
}

// Activity counts the missing pairings among the residents: those a running process has
// claimed, and the rest (left by an interrupted add or play, or by add -noplay).
func (h *Hill) Activity() (playing, left int, err error) {
	// The claims first: a claim goes in the transaction that stores its pairing's rounds, so a
	// claim gone by the time the missing pairings are read is a pairing stored. Read the other
	// way round, a pairing finished in between counted as missing and unclaimed: "interrupted"
	// during a live add (a hostile review).
	claims, err := h.claims(h.db)
	if err != nil {
		return 0, 0, err
	}
	pd, err := h.missing()
	if err != nil {
		return 0, 0, err
	}
	now := time.Now()
	for _, k := range pd {
		if c, ok := claims[k]; ok && !gone(c.owner, c.heartbeat, now) {
			playing++
		} else {
			left++
		}
	}
	return playing, left, nil
}

// missing are the pairings among the residents whose rounds are not all stored.
func (h *Hill) missing() ([]pairKey, error) {
	ps, err := h.Programs(false)
	if err != nil {
		return nil, err
	}
	done, err := h.complete()
	if err != nil {
		return nil, err
	}
	var out []pairKey
	for i := range ps {
		for j := i + 1; j < len(ps); j++ {
			if k := (pairKey{ps[i].ID, ps[j].ID}); !done[k] {
				out = append(out, k)
			}
		}
	}
	return out, nil
}
