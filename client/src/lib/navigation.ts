/** Sign-in and sign-out leave the SPA: the server and the identity provider take over. */
export const fullPageNavigate = (path: string) => {
  window.location.href = path;
};
