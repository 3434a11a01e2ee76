// Optional chaining and nullish coalescing.
const user = { profile: { name: 'An' }, tags: null };
console.log(user.profile?.name, user.address?.city, user.tags ?? 'no tags', user.count || 'zero-ish');
console.log(user.getName?.(), (0 ?? 5), (0 || 5));
