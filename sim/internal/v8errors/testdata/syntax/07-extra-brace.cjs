if (x) {
  foo();
}}
