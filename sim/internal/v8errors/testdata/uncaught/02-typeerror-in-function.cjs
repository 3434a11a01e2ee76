function load(user) {
  return user.profile.name;
}
load({});
