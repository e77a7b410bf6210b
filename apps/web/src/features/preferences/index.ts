// Region and language choices: the public face of the preferences feature.
export * from './PreferencesProvider';
