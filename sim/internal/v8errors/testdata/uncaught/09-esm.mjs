const data = JSON.parse('{"a": 1,}');
