const s = "abc;
