package sim

import (
	"context"
	"testing"
)

// BenchmarkIntlRun is a run that formats with Intl (its locale data made on first use).
func BenchmarkIntlRun(b *testing.B) {
	s := New()
	p := Program{Name: "intl.cjs", Module: CommonJS, Source: `console.log(new Intl.NumberFormat('vi-VN', { style: 'currency', currency: 'VND' }).format(1234567), new Date(0).toLocaleString('vi-VN'))`}
	for i := 0; i < b.N; i++ {
		if _, err := s.Run(context.Background(), p, Scenario{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkIntlBaseline is the same run printing without Intl.
func BenchmarkIntlBaseline(b *testing.B) {
	s := New()
	p := Program{Name: "intl.cjs", Module: CommonJS, Source: `console.log(String(1234567), new Date(0).toISOString())`}
	for i := 0; i < b.N; i++ {
		if _, err := s.Run(context.Background(), p, Scenario{}); err != nil {
			b.Fatal(err)
		}
	}
}
