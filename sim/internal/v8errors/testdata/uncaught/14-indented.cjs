if (true) {
	for (const x of [1]) {
		null.boom;
	}
}
