const values = [1, 2, 3]; const total = values.reduce((a, b) => a + b); const avg = total / values.lenght.toFixed(2);
