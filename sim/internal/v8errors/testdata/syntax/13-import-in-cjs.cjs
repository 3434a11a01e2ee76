import fs from "fs";
