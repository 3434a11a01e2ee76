Promise.reject('just a string');
