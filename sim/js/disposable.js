// disposable.js: explicit resource management (ECMA-262 2026; V8 13.4, Node 24 on), which
// the engine lacks: SuppressedError, DisposableStack and AsyncDisposableStack, and the
// helper that `using` and `await using` declarations are lowered to call
// (sim/internal/lower Using). Written from the specification's DisposeResources, with
// V8's messages; each disposal is one call, awaited once in the asynchronous forms.
(function () {
  'use strict';
  const apply = Reflect.apply;
  const isObject = (v) => (typeof v === 'object' && v !== null) || typeof v === 'function';
  const describe = (v) => (typeof v === 'symbol' ? v.toString() : typeof v === 'string' ? JSON.stringify(v) : String(v));
  const notAFunction = (v) => new TypeError(describe(v) + ' is not a function');
  const disposeName = 'Symbol(Symbol.dispose)';

  class SuppressedError extends Error {
    constructor(error, suppressed, message) {
      super(message);
      if (message === undefined) delete this.message;
      Object.defineProperty(this, 'error', { value: error, writable: true, enumerable: false, configurable: true });
      Object.defineProperty(this, 'suppressed', { value: suppressed, writable: true, enumerable: false, configurable: true });
    }
  }
  Object.defineProperty(SuppressedError.prototype, 'name', { value: 'SuppressedError', writable: true, enumerable: false, configurable: true });
  Object.defineProperty(SuppressedError.prototype, 'message', { value: '', writable: true, enumerable: false, configurable: true });
  const suppressed = (error, earlier) => new SuppressedError(error, earlier, 'An error was suppressed during disposal');

  // disposeMethod is GetDisposeMethod(value, hint): the asynchronous form falls back on
  // Symbol.dispose, whose result it does not await.
  function disposeMethod(value, async) {
    if (!isObject(value)) throw new TypeError('An object is expected with `using` declarations');
    if (async) {
      const m = value[Symbol.asyncDispose];
      if (m !== undefined && m !== null) {
        if (typeof m !== 'function') throw notAFunction(m);
        return m;
      }
    }
    const m = value[Symbol.dispose];
    if (typeof m !== 'function') throw new TypeError(disposeName + ' is not a function');
    if (!async) return m;
    return function () { apply(m, this, []); };
  }

  // A stack of resources: [value, method] pairs, disposed last first.
  const kState = Symbol('state');
  function stateOf(stack, Class, method) {
    const s = stack !== null && typeof stack === 'object' ? stack[kState] : undefined;
    if (s === undefined || s.Class !== Class) throw new TypeError('Method ' + Class.name + '.prototype.' + method + ' called on incompatible receiver ' + describe(stack));
    return s;
  }
  function pending(s, method) {
    if (s.disposed) throw new ReferenceError('Cannot call ' + s.Class.name + '.prototype.' + method + ' on an already-disposed ' + s.Class.name);
  }
  function disposeAll(list, hasError, error) {
    for (let i = list.length - 1; i >= 0; i--) {
      const [value, method] = list[i];
      try {
        apply(method, value, []);
      } catch (e) {
        error = hasError ? suppressed(e, error) : e;
        hasError = true;
      }
    }
    if (hasError) throw error;
  }
  async function disposeAllAsync(list, hasError, error) {
    for (let i = list.length - 1; i >= 0; i--) {
      const [value, method] = list[i];
      try {
        await apply(method, value, []);
      } catch (e) {
        error = hasError ? suppressed(e, error) : e;
        hasError = true;
      }
    }
    if (hasError) throw error;
  }

  // The stacks' common methods; async says which dispose method a resource gives. A
  // function, not a class: called without new, it throws V8's message.
  function stackClass(name, async) {
    const Class = {
      [name]: function () {
        if (new.target === undefined) throw new TypeError("Constructor " + name + " requires 'new'");
        Object.defineProperty(this, kState, { value: { Class, disposed: false, list: [] } });
      },
    }[name];
    methods(Class.prototype, {
      get disposed() { return stateOf(this, Class, 'disposed').disposed; },
      use(value) {
        const s = stateOf(this, Class, 'use');
        pending(s, 'use');
        if (value !== null && value !== undefined) s.list.push([value, disposeMethod(value, async)]);
        return value;
      },
      adopt(value, onDispose) {
        const s = stateOf(this, Class, 'adopt');
        pending(s, 'adopt');
        if (typeof onDispose !== 'function') throw notAFunction(onDispose);
        s.list.push([undefined, () => apply(onDispose, undefined, [value])]);
        return value;
      },
      defer(onDispose) {
        const s = stateOf(this, Class, 'defer');
        pending(s, 'defer');
        if (typeof onDispose !== 'function') throw notAFunction(onDispose);
        s.list.push([undefined, onDispose]);
      },
      move() {
        const s = stateOf(this, Class, 'move');
        pending(s, 'move');
        const moved = new Class();
        moved[kState].list = s.list;
        s.list = [];
        s.disposed = true;
        return moved;
      },
    });
    Object.defineProperty(Class.prototype, Symbol.toStringTag, { value: name, configurable: true });
    return Class;
  }
  // methods gives proto the members of from as a class body would: not enumerable.
  function methods(proto, from) {
    for (const [k, d] of Object.entries(Object.getOwnPropertyDescriptors(from))) {
      d.enumerable = false;
      Object.defineProperty(proto, k, d);
    }
  }

  const DisposableStack = stackClass('DisposableStack', false);
  Object.defineProperty(DisposableStack.prototype, 'dispose', {
    value: function dispose() {
      const s = stateOf(this, DisposableStack, 'dispose');
      if (s.disposed) return undefined;
      s.disposed = true;
      const list = s.list;
      s.list = [];
      disposeAll(list, false, undefined);
      return undefined;
    },
    writable: true, configurable: true,
  });
  Object.defineProperty(DisposableStack.prototype, Symbol.dispose, { value: DisposableStack.prototype.dispose, writable: true, configurable: true });

  const AsyncDisposableStack = stackClass('AsyncDisposableStack', true);
  Object.defineProperty(AsyncDisposableStack.prototype, 'disposeAsync', {
    value: async function disposeAsync() {
      const s = stateOf(this, AsyncDisposableStack, 'disposeAsync');
      if (s.disposed) return undefined;
      s.disposed = true;
      const list = s.list;
      s.list = [];
      await disposeAllAsync(list, false, undefined);
      return undefined;
    },
    writable: true, configurable: true,
  });
  Object.defineProperty(AsyncDisposableStack.prototype, Symbol.asyncDispose, { value: AsyncDisposableStack.prototype.disposeAsync, writable: true, configurable: true });

  // using: what a lowered block calls. scope() is a block's resources; add(value) is a
  // `using` (async: `await using`) declaration's initializer; end(hasError, error) runs
  // when the block is left: the disposals, the block's error rethrown or suppressed.
  const using = {
    scope: () => ({
      list: [],
      add(value, async) {
        if (value !== null && value !== undefined) this.list.push([value, disposeMethod(value, async)]);
        else if (async) this.list.push([undefined, () => undefined]); // still one await
        return value;
      },
      end(hasError, error) { disposeAll(this.list, hasError, error); },
      endAsync(hasError, error) { return disposeAllAsync(this.list, hasError, error); },
    }),
  };

  return { SuppressedError, DisposableStack, AsyncDisposableStack, using };
})
