// import() inside a timer callback.
setTimeout(async () => {
  const { createHash } = await import('node:crypto');
  console.log(createHash('sha1').update('x').digest('hex'));
}, 10);
