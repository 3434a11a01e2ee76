"use strict";
let let = 1;
