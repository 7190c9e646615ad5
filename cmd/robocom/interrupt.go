package main

import (
	"context"
	"os"
	"os/signal"
	"sync"
	"syscall"

	"robocom/cmd/internal/cli"
)

// interruption is what onInterrupt gives: the signal received, if any.
type interruption struct {
	mu     sync.Mutex
	sig    os.Signal
	ch     chan os.Signal
	cancel context.CancelFunc
}

// stopSignals are the signals that interrupt a run: Ctrl-C, kill's default and a closed
// terminal.
var stopSignals = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP}

// onInterrupt returns a context that is cancelled by the first SIGINT (Ctrl-C), SIGTERM or
// SIGHUP, so that battle, tournament, hill and core stop (a round in progress within a few
// thousand cycles, see play.RunGame and arena's Game.RunContext) and print what they
// finished. A second
// signal is not caught: it ends the program at once, as usual. Signals ignored at start stay
// ignored.
func onInterrupt() (context.Context, *interruption) {
	ctx, cancel := context.WithCancel(context.Background())
	in := &interruption{ch: make(chan os.Signal, 1), cancel: cancel}
	if sigs := cli.Caught(stopSignals...); len(sigs) > 0 {
		signal.Notify(in.ch, sigs...)
	}
	go func() {
		sig, ok := <-in.ch
		if !ok {
			return
		}
		signal.Stop(in.ch) // the next one takes the default action
		in.mu.Lock()
		in.sig = sig
		in.mu.Unlock()
		cancel()
	}()
	return ctx, in
}

// stop stops listening (deferred by the caller).
func (in *interruption) stop() {
	signal.Stop(in.ch)
	in.cancel()
}

// status is the exit status of an interrupted run: 128 + the signal's number, as a shell
// reports a program killed by it (130 for Ctrl-C, 143 for SIGTERM, 129 for SIGHUP), so scripts that test
// for an interruption behave as before; the totals printed tell it was not a crash.
func (in *interruption) status() int {
	in.mu.Lock()
	defer in.mu.Unlock()
	if s, ok := in.sig.(syscall.Signal); ok {
		return 128 + int(s)
	}
	return 130
}
