package quiz

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAllValues lists every variant once: the product of a range, choices and ordered
// label selections, the lowest first, and every variant a seed can pick is among them.
func TestAllValues(t *testing.T) {
	c := Content{Params: []Param{
		{Name: "n", Min: 1, Max: 3},
		{Name: "mode", Choices: []string{"a", "b"}},
		{Name: "order", Labels: []string{"X", "Y", "Z"}, Count: 2},
	}}
	require.EqualValues(t, 3*2*6, c.VariantCount())
	all := c.AllValues(0)
	require.Len(t, all, 36)
	assert.Equal(t, []ParamValue{{"n", "1"}, {"mode", "a"}, {"order", "X,Y"}}, all[0])
	assert.Equal(t, []ParamValue{{"n", "3"}, {"mode", "b"}, {"order", "Z,Y"}}, all[35])
	seen := map[string]bool{}
	for _, v := range all {
		k := valuesKey(v)
		assert.False(t, seen[k], "variant %v listed twice", v)
		seen[k] = true
	}
	for seed := int64(0); seed < 2000; seed++ {
		assert.True(t, seen[valuesKey(c.Values(seed))], "seed %d picks a variant AllValues left out: %v", seed, c.Values(seed))
	}

	some := c.AllValues(5)
	require.Len(t, some, 5)
	assert.Equal(t, all[0], some[0])
	assert.Equal(t, all[35], some[4], "a spread includes the last variant")

	assert.Equal(t, [][]ParamValue{nil}, (&Content{}).AllValues(10), "no parameters: one variant")
	big := Content{Params: []Param{{Name: "l", Labels: make([]string, 30)}}}
	assert.EqualValues(t, maxVariantCount, big.VariantCount(), "30! saturates")
	assert.Len(t, big.AllValues(3), 3)
}
