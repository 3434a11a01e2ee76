// Classes with private fields, getters, static members and inheritance.
class Account {
  #balance = 0;
  static count = 0;
  constructor(owner) { this.owner = owner; Account.count++; }
  deposit(n) { if (n <= 0) throw new RangeError('amount must be positive'); this.#balance += n; return this; }
  get balance() { return this.#balance; }
}
class Savings extends Account { toString() { return `${this.owner}: ${this.balance}`; } }
const s = new Savings('Lan').deposit(50).deposit(25);
console.log(String(s), Account.count, s instanceof Account);
try { s.deposit(-1); } catch (e) { console.log(e.name, e.message); }
console.log(Object.keys(s));
