import { configure } from '@testing-library/react';

// findBy* waits for the console to render what the server answered; under a
// busy machine a first render of react-admin takes seconds, so the waits
// give it time (a wait ends as soon as the element appears).
configure({ asyncUtilTimeout: 10_000 });
