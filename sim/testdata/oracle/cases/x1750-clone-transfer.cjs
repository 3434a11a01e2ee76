// Transferring an ArrayBuffer detaches the original.
const ab = new Uint8Array([1, 2, 3]).buffer;
const moved = structuredClone(ab, { transfer: [ab] });
console.log(ab.byteLength, moved.byteLength, new Uint8Array(moved)[2]);
