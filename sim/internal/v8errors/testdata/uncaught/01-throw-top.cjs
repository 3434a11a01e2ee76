console.log('before');
throw new Error('boom');
