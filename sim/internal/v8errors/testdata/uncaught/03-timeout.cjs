setTimeout(() => {
    const cfg = undefined;
    cfg.port = 8080;
}, 10);
