module compendium

go 1.26.8

require (
	github.com/alecthomas/chroma/v2 v2.27.0
	github.com/evanw/esbuild v0.28.2
	github.com/yuin/goldmark v1.8.7
)

require (
	github.com/dlclark/regexp2/v2 v2.2.1 // indirect
	github.com/fsnotify/fsnotify v1.10.1 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/tools v0.52.0 // indirect
)
