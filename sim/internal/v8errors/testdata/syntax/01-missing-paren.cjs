console.log("a";
