package engine

// The few string functions the engine needs, so that it does without the
// strings package, which brings unicode, io and sync into the WebAssembly
// module (docs/performance.md has what each costs).

func hasPrefix(s, prefix string) bool { return len(s) >= len(prefix) && s[:len(prefix)] == prefix }

func hasSuffix(s, suffix string) bool {
	return len(s) >= len(suffix) && s[len(s)-len(suffix):] == suffix
}

// trimSuffix returns s without suffix, if it ends with it.
func trimSuffix(s, suffix string) string {
	if hasSuffix(s, suffix) {
		return s[:len(s)-len(suffix)]
	}
	return s
}

// indexByte returns the index of the first c in s, or −1.
func indexByte(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}

// joinList joins l with sep between its elements.
func joinList(l []string, sep string) string {
	var b []byte
	for i, s := range l {
		if i > 0 {
			b = append(b, sep...)
		}
		b = append(b, s...)
	}
	return string(b)
}

// replaceAll returns s with every old replaced by new.
func replaceAll(s, old, new string) string {
	var b []byte
	for {
		i := index(s, old)
		if i < 0 {
			return string(append(b, s...))
		}
		b = append(append(b, s[:i]...), new...)
		s = s[i+len(old):]
	}
}

// index returns the index of the first sub in s, or −1; sub is not empty.
func index(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}
