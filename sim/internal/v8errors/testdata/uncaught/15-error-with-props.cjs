const e = new Error('with props');
e.code = 'E_CODE';
e.details = { retry: true };
throw e;
