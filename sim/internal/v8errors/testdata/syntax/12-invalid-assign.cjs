let x = 5;
x++ = 2;
