const t = `abc
