function f() {
  await g();
}
