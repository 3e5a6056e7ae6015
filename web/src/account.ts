// The lobby's account box: who you are (a guest, or a user linking to its
// profile), the sign-up and log-in forms with the server's refusals next to
// them, and Log out. Every change of who you are is passed to `changed`.

import { api, ApiError, profileUrl, type Me } from './api';
import { el, link } from './dom';

/** A name and password form; `submit` gets both and says what went wrong, if anything. */
function credentialsForm(kind: 'signup' | 'login', submit: (name: string, password: string) => Promise<void>): HTMLFormElement {
  const form = el('form', `account-form ${kind}`);
  const name = el('input');
  name.name = 'name';
  name.required = true;
  name.autocomplete = 'username';
  name.setAttribute('aria-label', 'Name');
  name.placeholder = 'Name';
  const password = el('input');
  password.type = 'password';
  password.name = 'password';
  password.required = true;
  password.autocomplete = kind === 'signup' ? 'new-password' : 'current-password';
  password.setAttribute('aria-label', 'Password');
  password.placeholder = 'Password';
  const button = el('button', undefined, kind === 'signup' ? 'Sign up' : 'Log in');
  button.type = 'submit';
  const error = el('p', 'error account-error');
  error.setAttribute('role', 'alert');
  const title = kind === 'signup' ? 'New here? Sign up' : 'Have an account? Log in';
  form.append(el('span', 'field-label', title), name, password, button);
  if (kind === 'signup') form.append(el('span', 'hint', '3-20 letters, digits, _ or -; a password of 8 characters or more'));
  form.append(error);
  form.addEventListener('submit', async e => {
    e.preventDefault();
    error.textContent = '';
    button.disabled = true;
    try {
      await submit(name.value.trim(), password.value);
      password.value = '';
    } catch (err) {
      error.textContent = err instanceof ApiError ? sentence(err.message) : String(err);
    } finally {
      button.disabled = false;
    }
  });
  return form;
}

/** The server's words as a sentence: a capital first letter, a full stop. */
const sentence = (text: string): string => {
  const s = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(s) ? s : `${s}.`;
};

export class AccountBox {
  readonly element = el('div', 'account');
  private readonly meEl = el('p', 'me');
  private readonly noteEl = el('p', 'account-note');
  private readonly forms = el('div', 'account-forms');
  private readonly logoutButton = el('button', 'logout', 'Log out');
  private me: Me | null = null;

  constructor(private readonly changed: (me: Me) => void) {
    this.noteEl.setAttribute('role', 'status');
    this.logoutButton.type = 'button';
    this.logoutButton.addEventListener('click', () => void this.logout());
    this.forms.append(
      credentialsForm('signup', async (name, password) => {
        const guest = this.me?.name;
        const me = await api.signup(name, password);
        this.show(me, guest ? `Welcome, ${me.name}. The games you played as ${guest} are yours now, under this name.` : `Welcome, ${me.name}.`);
      }),
      credentialsForm('login', async (name, password) => this.show(await api.login(name, password), '')),
    );
    this.element.append(this.meEl, this.logoutButton, this.forms, this.noteEl);
  }

  /** Who the caller is now, with a note about the change (or none). */
  show(me: Me, note: string): void {
    this.me = me;
    this.noteEl.textContent = note;
    this.noteEl.hidden = !note;
    this.forms.hidden = me.signed_in;
    this.logoutButton.hidden = !me.signed_in;
    if (me.signed_in) {
      this.meEl.replaceChildren('You are ', link(profileUrl(me.name), me.name, 'me-link'), '.');
    } else {
      this.meEl.textContent = `You play as ${me.name} (a guest: this browser remembers you). Sign up to keep your games under a name and play rated games.`;
    }
    this.changed(me);
  }

  private async logout(): Promise<void> {
    try {
      await api.logout();
      const me = await api.me();
      this.show(me, `Logged out. You play as ${me.name} now; your games stay with your account.`);
    } catch (e) {
      this.noteEl.hidden = false;
      this.noteEl.textContent = e instanceof ApiError ? `Logging out failed: ${e.message}` : String(e);
    }
  }
}
