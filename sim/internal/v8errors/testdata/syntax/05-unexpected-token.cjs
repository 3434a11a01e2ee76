const x = 1 +;
