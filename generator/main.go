// Command generator builds, checks and serves the rules compendium, and runs
// its calculators and search from the command line. main only dispatches:
// each command has its own file (cmd_*.go) and flag set, and its work is in
// its package.
//
//	go run ./generator help [COMMAND]
//	go run ./generator build  [-content content] [-theme theme] [-out public] [-config compendium.json] [-base-url URL] [-compress=false] [-cpuprofile FILE] [-memprofile FILE] [-timings]
//	go run ./generator check  [-content content] [-theme theme] [-config compendium.json] [-strict]
//	go run ./generator serve  [-addr 127.0.0.1:8080] [-live=false] [-content …] [-theme …] [-out …]
//	go run ./generator calc NAME < input.json      (calc --list lists them, calc --help NAME describes one)
//	go run ./generator synth -pages N -out DIR     (synthetic pages for benchmarks)
//	go run ./generator search [-lang fr] "query"
//	go run ./generator values [-content content] [-lang fr]
package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"compendium/generator/site"
)

// command is one of the generator's commands: its name, the catalogue's
// kind of its line in the usage (help-NAME), and what runs it with the
// arguments after its name.
type command struct {
	name, summary string
	run           func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// commands lists the commands in the order the usage gives them. Each one's
// file (cmd_NAME.go) holds its flags and its run.
func commands() []command {
	return []command{buildCommand, checkCommand, serveCommand, calcCommand, searchCommand, valuesCommand,
		translationsCommand, newCommand, synthCommand, pdfCommand}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		writeUsage(stderr)
		return 2
	}
	name, args := args[0], args[1:]
	switch name {
	case "help", "-h", "-help", "--help":
		return help(args, stdin, stdout, stderr)
	}
	for _, c := range commands() {
		if c.name == name {
			return c.run(args, stdin, stdout, stderr)
		}
	}
	fmt.Fprintln(stderr, unknown("cmd-unknown", name)+"\n")
	writeUsage(stderr)
	return 2
}

// unknown says that name is no command (the catalogue's kind), with
// "did you mean" when a command is a typing mistake away (biuld: build).
func unknown(kind, name string) string {
	names := []string{"help"}
	for _, c := range commands() {
		names = append(names, c.name)
	}
	if near := site.Nearest(name, names, 2); near != "" {
		return site.Text(kind+"-near", site.LangFrom(""), "name", name, "near", near)
	}
	return site.Text(kind, site.LangFrom(""), "name", name)
}

// help answers "generator help": the usage, or a command's own ("help CMD"
// runs CMD -h, so each command says its flags in one place).
func help(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		writeUsage(stdout)
		return 0
	}
	for _, c := range commands() {
		if c.name == args[0] {
			return c.run(append([]string{"-h"}, args[1:]...), stdin, stdout, stderr)
		}
	}
	fmt.Fprintln(stderr, unknown("cmd-help-unknown", args[0])+"\n")
	writeUsage(stderr)
	return 2
}

// writeUsage writes the commands, each with its line, in the locale's
// language: help takes no -lang.
func writeUsage(w io.Writer) {
	lang := site.LangFrom("")
	var b strings.Builder
	b.WriteString(site.Text("help-commands", lang) + "\n")
	for _, c := range commands() {
		lines := strings.Split(site.Text(c.summary, lang), "\n")
		fmt.Fprintf(&b, "  %-13s %s\n", c.name, lines[0])
		for _, l := range lines[1:] {
			fmt.Fprintf(&b, "  %-13s %s\n", "", l)
		}
	}
	b.WriteString("\n" + site.Text("help-more", lang) + "\n")
	io.WriteString(w, b.String())
}
