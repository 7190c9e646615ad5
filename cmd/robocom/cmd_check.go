package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"robocom/corewars/play"
	"robocom/internal/termtext"
	"robocom/robolang"
)

// checkMain is "robocom check [-rc3] [-options SET] FILE...": load each program (.rob or .rbi)
// in the language of the option set (classic unless -rc3, or -options rc3/rc3m or a saved set
// with instructions = rc3), each Core War program (.cw, .vna, .red) with its own assembler, and
// print every load error as file:line:col: message. Exit 1 if any program fails to load.
func checkMain(args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("check", flag.ContinueOnError)
	fl.SetOutput(stderr)
	var lf langFlags
	lf.register(fl)
	var core coreFlags // a Core War program is checked with the parameters it will play with (a 94x warrior's asserts)
	core.register(fl, true)
	fl.Usage = func() {
		fmt.Fprintln(fl.Output(), "usage: robocom check [-rc3] [-options SET] [Core War parameters] FILE.rob|FILE.rbi|FILE.cw|FILE.vna|FILE.red ...")
		fl.PrintDefaults()
	}
	files, err := parseInterspersed(fl, args, stdout) // flags after the files too, as every command
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		return 2
	}
	usageErr := usageError(stderr, "check") // as every command's usage mistakes
	if len(files) == 0 {
		return usageErr("no program given")
	}
	lang, err := lf.language()
	if err != nil {
		return usageErr("%s", errText(err))
	}
	coreFiles := 0
	for _, path := range files {
		if l := play.LanguageOf(path); play.IsCoreFile(path) {
			coreFiles++
			if _, err := core.paramsFor(l); err != nil {
				fmt.Fprintf(stderr, "robocom check: %s: %s\n", termtext.Escape(path), errText(err))
				return 2
			}
		}
	}
	if name, given := core.given(); given && coreFiles == 0 {
		fmt.Fprintf(stderr, "robocom check: -%s is a Core War parameter, and no Core War program (.red, .cw, .vna) is given\n", name)
		return 2
	}
	return checkFiles(stdout, stderr, files, lang, &core)
}

func checkFiles(stdout, stderr io.Writer, files []string, opt robolang.Options, core *coreFlags) int {
	status := 0
	for _, path := range files {
		if play.IsCoreFile(path) {
			// A Core War program, read as RoboCom, would give a dozen errors about its
			// first words; its language's assembler (as robocom core picks it) checks it.
			params, _ := core.paramsFor(play.LanguageOf(path)) // (checked in checkMain)
			if !checkCoreFile(stdout, stderr, path, params) {
				status = 1
			}
			continue
		}
		p, err := robolang.LoadFile(path, opt)
		if err != nil {
			status = 1
			printLoadErrors(stderr, err)
			continue
		}
		n := 0
		for _, b := range p.Banks {
			n += len(b.Code)
		}
		hidden := ""
		if p.Hidden {
			hidden = ", hidden (RBI)"
		}
		fmt.Fprintf(stdout, "%s: ok: %q, %s, %s%s\n", termtext.Escape(path), p.Name, termtext.CountNoun(len(p.Banks), "bank"), termtext.CountNoun(n, "instruction"), hidden)
	}
	return status
}

// paramsFor are the parameters a program of language l is checked with: -dialect applies to
// the Redcode programs among others (a folder of all three languages can be checked as '88).
func (f *coreFlags) paramsFor(l play.Language) (play.Params, error) {
	g := *f
	if l != play.Redcode {
		g.dialect, g.dialectSet = "", false
	}
	return g.params(l)
}

// checkCoreFile loads a Core War program with the parameters given (the language's defaults
// where none are), as robocom core would, and prints its errors or an ok line; it reports
// whether the program loaded.
func checkCoreFile(stdout, stderr io.Writer, path string, params play.Params) bool {
	l := play.LanguageOf(path)
	progs, ok := loadCorePrograms(stderr, []string{path}, params)
	if !ok {
		return false
	}
	unit := "instruction"
	if l == play.VNA {
		unit = "node"
	}
	if progs[0].Length != 1 {
		unit += "s"
	}
	fmt.Fprintf(stdout, "%s: ok: %q, %d %s\n", termtext.Escape(path), progs[0].Name, progs[0].Length, unit)
	return true
}
