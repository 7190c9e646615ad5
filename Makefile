# RoboCom Arena. `make run` opens the arena, `make test` runs every test; each installs what
# is missing first (Debian/Ubuntu packages; sudo when not root).
GO ?= go
FILES ?=

.PHONY: run test deps test-deps build nogui vet fuzz bench pgo

deps:
	@.ci/install-deps gui

test-deps:
	@.ci/install-deps test

# Opens the arena window with FILES (make run FILES="a.rob b.rbi"), or else the last run's
# players (the first time, two bundled robots).
run: deps
	$(GO) run ./cmd/robocom $(FILES)

# Three binaries: robocom, headless (no Gio, no C libraries), for the PATH: every subcommand;
# with no subcommand it hands the window to robocom-window beside it, the full build;
# robocom-mars is `robocom mars` alone, for hills and scripts that start a MARS once per
# battle (it starts with half of robocom's start-up instructions).
build: deps
	$(GO) build -o robocom-window ./cmd/robocom
	CGO_ENABLED=0 $(GO) build -tags nogui -o robocom ./cmd/robocom
	CGO_ENABLED=0 $(GO) build -o robocom-mars ./cmd/robocom-mars

# The headless binaries alone: no window, no C libraries.
nogui:
	CGO_ENABLED=0 $(GO) build -tags nogui -o robocom ./cmd/robocom
	CGO_ENABLED=0 $(GO) build -o robocom-mars ./cmd/robocom-mars

vet: deps
	$(GO) vet ./...

test: test-deps
	$(GO) vet ./...
	CGO_ENABLED=0 $(GO) build -tags nogui -o /dev/null ./cmd/robocom
	GOOS=windows $(GO) build -o /dev/null ./cmd/robocom # the window is not only Linux's (Gio needs no C there)
	$(GO) test -timeout 30m ./...
	@if command -v Xvfb >/dev/null 2>&1; then $(GO) test -tags e2e -run E2E ./cmd/robocom/; \
	else echo "make test: Xvfb is not installed; skipping the end-to-end window test"; fi

# Every fuzz test for FUZZTIME each (go test -fuzz takes one target at a time), or those
# whose name matches FUZZ (make fuzz FUZZ=Simulate FUZZTIME=10m). A crasher is saved under the
# package's testdata/fuzz and fails `make test` until it is fixed; keep it. Building
# corewars/redcode for fuzzing takes minutes and about 9 GB of memory (its generated loop).
FUZZTIME ?= 15s
FUZZ ?= .
fuzz: test-deps
	@set -e; for f in $$(grep -rl --include='*_test.go' '^func Fuzz' . | sort); do \
		for t in $$(sed -n 's/^func \(Fuzz[A-Za-z0-9_]*\)(.*/\1/p' $$f | grep -e '$(FUZZ)'); do \
			echo "== $$(dirname $$f) $$t"; \
			log=$$(mktemp); \
			{ rc=0; $(GO) test -run '^$$' -fuzz "^$$t\$$" -fuzztime $(FUZZTIME) ./$$(dirname $$f) || rc=$$?; echo $$rc > $$log.rc; } 2>&1 | tee $$log; \
			if [ "$$(cat $$log.rc)" != 0 ]; then \
				if grep -q 'context deadline exceeded' $$log && ! grep -q 'Failing input written' $$log; then \
					echo "(not a finding: Go 1.26's fuzzing stopped at its own deadline, go.dev/issue/75804; no failing input)"; \
				else rm -f $$log $$log.rc; exit 1; fi; \
			fi; \
			rm -f $$log $$log.rc; \
		done; \
	done

# Every benchmark but BenchmarkSlurmJuly, which starts a Slurm cluster and plays the July
# tournament three times (its own command is in docs/cluster/README.md). The window's
# benchmarks need Gio's C libraries, hence deps.
bench: deps
	ROBOCOM_SLURM=off $(GO) test -run '^$$' -bench . -benchmem ./...

# Profile-guided optimization: default.pgo is a CPU profile of one July round-robin round
# (needs ../shared/corpus). Regenerate it after changing the engine's hot paths, and keep the
# new one only if docs/bench/roundrobin-interleaved.sh finds it faster (RATIONALE.md, "Arena
# scheduling", fourteenth pass: a profile can cut instructions and still be slower).
pgo:
	ROBOCOM_PGO=1 $(GO) test -tags nogui -count=1 -run TestPGOWorkload -cpuprofile $(CURDIR)/cmd/robocom/default.pgo ./cmd/robocom
	rm -f robocom.test
