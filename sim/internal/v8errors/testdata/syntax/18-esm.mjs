await Promise.resolve(1);
const x = ;
