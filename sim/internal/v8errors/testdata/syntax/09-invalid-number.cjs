const 1x = 2;
