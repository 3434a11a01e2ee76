package lower

// Token is one lexical token of a JavaScript source, for packages that locate things in
// a program's text (sim/internal/v8errors names the expression at an error's position).
type Token struct {
	Kind       TokenKind
	Start, End int  // byte offsets in the source
	NL         bool // a line terminator precedes it
}

// TokenKind is a token's lexical class.
type TokenKind = tokKind

// Token kinds.
const (
	Ident    = tIdent // identifiers and keywords
	Punct    = tPunct
	String   = tString
	Template = tTemplate // a whole template literal, substitutions included
	Number   = tNumber
	Regexp   = tRegexp
	Private  = tPrivate // #name
)

// Tokens splits src into tokens (comments and whitespace skipped), as the lowering sees
// them; a malformed source gives the tokens up to the problem.
func Tokens(src string) []Token {
	toks := scan(src)
	out := make([]Token, len(toks))
	for i, t := range toks {
		out[i] = Token{Kind: t.kind, Start: t.start, End: t.end, NL: t.nl}
	}
	return out
}
